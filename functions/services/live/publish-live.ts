import { setMaxListeners } from 'node:events';
import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { liveFrame, type LiveMessage } from '../../../shared/live/messages.js';
import { liveConnections } from '../../clients/live-connections.js';
import { deleteLiveConnection, listLiveConnections } from '../../repositories/live-connection-repository.js';
import { logger } from '../../observability/logger.js';

/**
 * The longest a publish may hold up the request it sits on (docs/live-status.md "Pushes"): an
 * edit, an acknowledgement, a webhook. What has not been posted by then is dropped; the screen's
 * own 30 s poll shows it a little later.
 */
export const LIVE_PUBLISH_BUDGET_MS = 1_000;

/**
 * How long the result processor waits for a batch's pushes once its rounds are all applied
 * (batch-pushes.ts): the pushes start with their rounds and hold none of them up; only the batch's
 * end waits, at most this long, so a slow gateway never delays rounds (docs/PERFORMANCE.md "Live pushes").
 */
export const LIVE_PUBLISH_BUDGET_IN_ROUND_MS = 3_000;

/**
 * What became of the posts of one or more publishes (docs/live-status.md "Pushes"): every post due
 * (one per connection: a publish's messages go in one frame) is counted once, as delivered (2xx),
 * gone (410), failed (refused twice) or unsent (the budget ran out before it was answered).
 */
export interface LivePushCounts {
  /** Publishes that read their user's connections. */
  publishes: number;
  /** Publishes whose connections could not be read (nothing posted). */
  unread: number;
  connections: number;
  delivered: number;
  gone: number;
  failed: number;
  unsent: number;
}

export const NO_PUSHES: LivePushCounts = { publishes: 0, unread: 0, connections: 0, delivered: 0, gone: 0, failed: 0, unsent: 0 };

/** Two tallies added up. */
export const addPushCounts = (a: LivePushCounts, b: LivePushCounts): LivePushCounts => ({
  publishes: a.publishes + b.publishes,
  unread: a.unread + b.unread,
  connections: a.connections + b.connections,
  delivered: a.delivered + b.delivered,
  gone: a.gone + b.gone,
  failed: a.failed + b.failed,
  unsent: a.unsent + b.unsent,
});

const isGone = (error: unknown): boolean =>
  error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410;

type PostOutcome = 'delivered' | 'gone' | 'failed' | 'unsent';

/**
 * Posts one frame; a post refused for any reason but 410 (a 5xx, a throttle, a reset connection)
 * is tried once more, since the screen is still there and would otherwise wait for its poll.
 */
const postOne = async (connectionId: string, Data: Uint8Array, signal: AbortSignal): Promise<PostOutcome> => {
  const client = liveConnections();
  if (!client) return 'unsent';
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) return 'unsent';
    try {
      await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data }), { abortSignal: signal });
      return 'delivered';
    } catch (error) {
      if (isGone(error)) return 'gone';
      if (signal.aborted) return 'unsent';
      if (attempt >= 2) throw error;
    }
  }
};

/** Posts the publish's one frame to one connection; a 410 (the screen went away) deletes its row. */
const postTo = async (userId: string, connectionId: string, frame: Uint8Array, signal: AbortSignal, counts: LivePushCounts): Promise<void> => {
  let outcome: PostOutcome;
  try {
    outcome = await postOne(connectionId, frame, signal);
  } catch (error) {
    counts.failed += 1;
    throw error;
  }
  if (outcome === 'gone') {
    counts.gone += 1;
    await deleteLiveConnection(userId, connectionId);
  } else if (outcome === 'unsent') counts.unsent += 1;
  else counts.delivered += 1;
};

/**
 * Pushes `messages` to every open screen of `userId`, all in one frame (docs/live-status.md "Pushes"). Best-effort
 * and bounded: it never throws, gives up after `budgetMs` (`LIVE_PUBLISH_BUDGET_MS` by default) or
 * when the caller's `signal` aborts (then the caller bounds it: batch-pushes.ts), logs what failed,
 * and returns what became of each post, so the transition or request it follows is neither failed
 * nor slowed by a screen.
 */
export const publishLive = async (
  userId: string,
  messages: readonly LiveMessage[],
  opts: { now?: Date; budgetMs?: number; signal?: AbortSignal } = {},
): Promise<LivePushCounts> => {
  const counts: LivePushCounts = { ...NO_PUSHES };
  if (!messages.length) return counts;
  try {
    if (!liveConnections()) return counts;
  } catch (error) {
    logger.warn('Could not push a live update', { userId, error });
    return counts;
  }
  const now = opts.now ?? new Date();
  const budgetMs = opts.budgetMs ?? LIVE_PUBLISH_BUDGET_MS;
  const controller = new AbortController();
  // Every post of the publish listens to the one signal.
  setMaxListeners(0, controller.signal);
  const timer = opts.signal ? undefined : setTimeout(() => controller.abort(), budgetMs);
  const stop = () => controller.abort();
  opts.signal?.addEventListener('abort', stop, { once: true });
  if (opts.signal?.aborted) controller.abort();
  let due = 0;
  try {
    const work = (async () => {
      const connections = await listLiveConnections(userId, now);
      counts.publishes += 1;
      counts.connections += connections.length;
      due = connections.length;
      // Every message in one frame: one post per screen (docs/live-status.md "Pushes").
      const frame = new TextEncoder().encode(liveFrame(messages));
      const outcomes = await Promise.allSettled(connections.map((id) => postTo(userId, id, frame, controller.signal, counts)));
      const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
      if (failed.length) {
        logger.warn('Could not push a live update to some screens', {
          userId,
          failed: failed.length,
          connections: connections.length,
          error: (failed[0] as PromiseRejectedResult).reason,
        });
      }
    })();
    const expired = new Promise<'expired'>((resolve) => controller.signal.addEventListener('abort', () => resolve('expired'), { once: true }));
    if ((await Promise.race([work.then(() => 'done' as const), expired])) === 'expired') {
      logger.warn('Live update took longer than its budget; left to the poll', { userId, budgetMs: opts.signal ? 'batch' : budgetMs });
      work.catch(() => undefined);
      if (!counts.publishes) counts.unread += 1;
      // What was neither answered nor counted yet when the budget ran out was not sent in time.
      counts.unsent = Math.max(0, due - counts.delivered - counts.gone - counts.failed);
      return { ...counts };
    }
    await work;
  } catch (error) {
    counts.unread += counts.publishes ? 0 : 1;
    logger.warn('Could not push a live update', { userId, error });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', stop);
  }
  return counts;
};
