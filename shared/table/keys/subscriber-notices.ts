import type { ItemKey } from '../keys.js';

/**
 * Keys of the status page subscribers' mails (patterns 60-61; docs/status-pages.md "Subscriber mails").
 * One claim per notice, page and subscriber, in a partition per page and notice outside the owner's
 * (a notice to a large page writes thousands, at the pace SES takes the mails). They hold ids only
 * (no address) and expire after 30 days (TTL).
 */

/** The claim that lets one subscriber's mail of one notice go out once (pattern 60). */
export const subscriberNoticeClaimKey = (pageId: string, noticeId: string, subscriberId: string): ItemKey => ({
  PK: `STATUS_NOTICE#${pageId}#${noticeId}`,
  SK: `SUBSCRIBER#${subscriberId}`,
});

/**
 * "The slice after the one at `cursor` is queued" (pattern 61), in the same partition as the
 * notice's claims; a first slice (no cursor) is `START`.
 */
export const subscriberNoticeSliceKey = (pageId: string, noticeId: string, cursor: string | null): ItemKey => ({
  PK: `STATUS_NOTICE#${pageId}#${noticeId}`,
  SK: `NEXT#${cursor ?? 'START'}`,
});
