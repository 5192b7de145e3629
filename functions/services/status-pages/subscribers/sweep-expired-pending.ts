import { SUBSCRIBER_LIMITS } from '../../../../shared/status-pages/subscribers.js';
import { claimPendingSweep, listSubscribers, removeSubscriber, type SubscriberCounts } from '../../../repositories/status-subscriber-repository.js';
import { PENDING_SWEEP_EVERY_MS, pendingExpired } from './subscribe-rules.js';

/** Subscribers read per Query while sweeping: well under the 1 MB a call returns. */
const SWEEP_PAGE_SIZE = 500;

/**
 * When the page holds as many pending addresses as it may, removes those whose confirmation link
 * has expired (docs/status-pages.md "Subscribers"), at most once per PENDING_SWEEP_EVERY_MS per page.
 * Answers how many went; the caller reads the counters again when any did.
 */
export const sweepExpiredPending = async (pageId: string, counts: SubscriberCounts, now: Date): Promise<number> => {
  if (counts.pending < SUBSCRIBER_LIMITS.pendingPerPageMax) return 0;
  if (!(await claimPendingSweep(pageId, now, PENDING_SWEEP_EVERY_MS))) return 0;
  let removed = 0;
  let cursor: string | undefined;
  do {
    const { subscribers, nextCursor } = await listSubscribers(pageId, { cursor, limit: SWEEP_PAGE_SIZE });
    for (const subscriber of subscribers) {
      if (pendingExpired(subscriber, now) && (await removeSubscriber(pageId, subscriber.id, 'pending'))) removed += 1;
    }
    cursor = nextCursor ?? undefined;
  } while (cursor);
  return removed;
};
