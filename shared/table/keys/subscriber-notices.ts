import type { ItemKey } from '../keys.js';

/**
 * Keys of the status page subscribers' mails (pattern 60; docs/status-pages.md "Subscriber mails").
 * One claim per notice, page and subscriber, outside the owner's partition: a notice to a large page
 * writes thousands of them at once, spread over their own partitions. They hold ids only (no
 * address) and expire after 30 days (TTL).
 */

/** The claim that lets one subscriber's mail of one notice go out once (pattern 60). */
export const subscriberNoticeClaimKey = (pageId: string, noticeId: string, subscriberId: string): ItemKey => ({
  PK: `STATUS_NOTICE#${pageId}#${noticeId}`,
  SK: `SUBSCRIBER#${subscriberId}`,
});
