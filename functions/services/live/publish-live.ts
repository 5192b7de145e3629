import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { LiveMessage } from '../../../shared/live/messages.js';
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
 * The budget of a transition's publish in the result processor: longer, since it runs beside the
 * round's counters and alerts and holds neither up, and a burst of transitions posts to many
 * screens at once (docs/PERFORMANCE.md "Live pushes").
 */
export const LIVE_PUBLISH_BUDGET_IN_ROUND_MS = 3_000;

const isGone = (error: unknown): boolean =>
  error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410;

/** Posts the messages to one connection in order; a 410 (the screen went away) deletes its row. */
const postAll = async (userId: string, connectionId: string, frames: readonly Uint8Array[], signal: AbortSignal): Promise<void> => {
  const client = liveConnections();
  if (!client) return;
  for (const Data of frames) {
    try {
      await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data }), { abortSignal: signal });
    } catch (error) {
      if (!isGone(error)) throw error;
      await deleteLiveConnection(userId, connectionId);
      return;
    }
  }
};

/**
 * Pushes `messages` to every open screen of `userId` (docs/live-status.md "Pushes"). Best-effort
 * and bounded: it never throws, gives up after `LIVE_PUBLISH_BUDGET_MS`, and logs what failed, so
 * the transition or request it follows is neither failed nor slowed by a screen.
 */
export const publishLive = async (
  userId: string,
  messages: readonly LiveMessage[],
  opts: { now?: Date; budgetMs?: number } = {},
): Promise<void> => {
  if (!messages.length) return;
  const now = opts.now ?? new Date();
  const budgetMs = opts.budgetMs ?? LIVE_PUBLISH_BUDGET_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), budgetMs);
  try {
    if (!liveConnections()) return;
    const work = (async () => {
      const connections = await listLiveConnections(userId, now);
      const frames = messages.map((message) => new TextEncoder().encode(JSON.stringify(message)));
      const outcomes = await Promise.allSettled(connections.map((id) => postAll(userId, id, frames, controller.signal)));
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
      logger.warn('Live update took longer than its budget; left to the poll', { userId, budgetMs });
      work.catch(() => undefined);
    }
  } catch (error) {
    logger.warn('Could not push a live update', { userId, error });
  } finally {
    clearTimeout(timer);
  }
};
