import type { ItemKey } from '../keys.js';

/**
 * Keys of a status page's e-mail subscribers (patterns 56-59; docs/status-pages.md "Subscribers").
 * Everything of one page's subscribers lives in one partition of its own, `STATUS_SUBSCRIBERS#<page id>`,
 * so deleting the page or erasing its owner erases them with one partition walk, and a page with
 * many subscribers never crowds its owner's partition.
 */

export const statusSubscribersPartition = (pageId: string): string => `STATUS_SUBSCRIBERS#${pageId}`;

export const STATUS_SUBSCRIBER_SK_PREFIX = 'SUBSCRIBER#';

/** One subscriber (pattern 56): ids are ULIDs, so the owner's list is newest first with ScanIndexForward false. */
export const statusSubscriberKey = (pageId: string, subscriberId: string): ItemKey => ({
  PK: statusSubscribersPartition(pageId),
  SK: `${STATUS_SUBSCRIBER_SK_PREFIX}${subscriberId}`,
});

/**
 * The index keys a subscriber carries once confirmed (pattern 56b, GSI2, sparse): the page's
 * confirmed subscribers, a page at a time, with one Query that reads no pending address.
 */
export const confirmedSubscriberIndexKeys = (pageId: string, subscriberId: string): { GSI2PK: string; GSI2SK: string } => ({
  GSI2PK: `STATUS_SUBSCRIBERS_CONFIRMED#${pageId}`,
  GSI2SK: subscriberId,
});

/** An address -> its subscriber on the page (pattern 57): "is this address subscribed" is one GetItem. Lower-cased address. */
export const statusSubscriberAddressKey = (pageId: string, email: string): ItemKey => ({
  PK: statusSubscribersPartition(pageId),
  SK: `ADDRESS#${email}`,
});

/** A confirmation link by the SHA-256 of its token (pattern 58, TTL): the link names the page's slug, so the page's partition holds it. */
export const subscriberConfirmationKey = (pageId: string, tokenHash: string): ItemKey => ({
  PK: statusSubscribersPartition(pageId),
  SK: `CONFIRM#${tokenHash}`,
});

/** The page's counters (pattern 59): `confirmed`, `pending` and `total`, kept in every subscriber transaction. */
export const statusSubscriberCountsKey = (pageId: string): ItemKey => ({
  PK: statusSubscribersPartition(pageId),
  SK: 'COUNTS',
});
