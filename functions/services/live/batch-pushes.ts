import { setMaxListeners } from 'node:events';
import type { LiveMessage } from '../../../shared/live/messages.js';
import { logger } from '../../observability/logger.js';
import { addPushCounts, LIVE_PUBLISH_BUDGET_IN_ROUND_MS, NO_PUSHES, publishLive, type LivePushCounts } from './publish-live.js';

/**
 * The live pushes of one result-processor batch (docs/live-status.md "Pushes", docs/PERFORMANCE.md
 * "Live pushes"). Each round's publish starts the moment its round is committed and runs beside
 * the rest of the batch: no round waits for a screen. Once the batch's rounds are all applied,
 * `settle` waits for the pushes still under way, at most `graceMs`, then gives up on the rest (the
 * screens' 30 s poll shows them) and logs one line with what became of every post.
 *
 * A user has one publish under way at a time: messages for them that come meanwhile (other rounds
 * of the batch committed in the while) wait, and go together in the next publish, one frame per
 * screen. So a storm of a user's monitors costs a few posts per screen rather than one per round,
 * and nothing waits when the gateway is quick (the first publish starts at once).
 *
 * Why not a budget per publish: in a burst, a round's publish queues behind hundreds of others
 * (one gateway, a pool of sockets); timed from its own start, it ran out while the batch was still
 * busy, and its posts were dropped although the screens were open and the gateway answering.
 */
export interface BatchPushes {
  /** Starts pushing `messages` to `userId`'s open screens; never throws, never waits. */
  publish(userId: string, messages: readonly LiveMessage[]): void;
  /** Waits for the pushes started, at most `graceMs` from now; what became of their posts. */
  settle(graceMs?: number): Promise<LivePushCounts>;
}

/** Each message once, in the order first asked for: a screen revalidates the same answers for a repeat. */
const distinct = (messages: readonly LiveMessage[]): LiveMessage[] => {
  const seen = new Set<string>();
  return messages.filter((message) => {
    const key = JSON.stringify(message);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export const batchPushes = (): BatchPushes => {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  /** Per user: the messages waiting for the publish under way to end; the users with one under way. */
  const waiting = new Map<string, LiveMessage[]>();
  const running = new Set<string>();
  const chains: Promise<void>[] = [];
  let counts = NO_PUSHES;

  /** Publishes the user's waiting messages, then whatever came meanwhile, until none wait. */
  const drain = async (userId: string): Promise<void> => {
    for (let messages = waiting.get(userId); messages?.length; messages = waiting.get(userId)) {
      waiting.delete(userId);
      const published = await publishLive(userId, distinct(messages), { signal: controller.signal });
      counts = addPushCounts(counts, published);
    }
    running.delete(userId);
  };

  return {
    publish(userId, messages) {
      if (!messages.length) return;
      waiting.set(userId, [...(waiting.get(userId) ?? []), ...messages]);
      if (running.has(userId)) return;
      running.add(userId);
      chains.push(drain(userId));
    },
    async settle(graceMs = LIVE_PUBLISH_BUDGET_IN_ROUND_MS) {
      if (!chains.length) return NO_PUSHES;
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve();
        }, graceMs);
      });
      // publishLive returns at once when the signal aborts, with what it did not send counted; what
      // still waits in a chain then goes to publishLive with the aborted signal, which counts it unsent.
      await Promise.race([Promise.all(chains), expired.then(() => Promise.all(chains))]);
      clearTimeout(timer);
      const lost = counts.failed + counts.unsent + counts.unread;
      if (lost) logger.warn('Live pushes of the batch', { ...counts });
      else logger.info('Live pushes of the batch', { ...counts });
      return counts;
    },
  };
};
