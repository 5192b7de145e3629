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

export const batchPushes = (): BatchPushes => {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const started: Promise<LivePushCounts>[] = [];
  return {
    publish(userId, messages) {
      if (messages.length) started.push(publishLive(userId, messages, { signal: controller.signal }));
    },
    async settle(graceMs = LIVE_PUBLISH_BUDGET_IN_ROUND_MS) {
      if (!started.length) return NO_PUSHES;
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve();
        }, graceMs);
      });
      // publishLive returns at once when the signal aborts, with what it did not send counted.
      const counts = (await Promise.race([Promise.all(started), expired.then(() => Promise.all(started))])).reduce(addPushCounts, NO_PUSHES);
      clearTimeout(timer);
      const lost = counts.failed + counts.unsent + counts.unread;
      if (lost) logger.warn('Live pushes of the batch', { ...counts });
      else logger.info('Live pushes of the batch', { ...counts });
      return counts;
    },
  };
};
