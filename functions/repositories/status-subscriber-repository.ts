import type { SubscriberStatus } from '../../shared/status-pages/subscribers.js';
import {
  confirmedSubscriberIndexKeys,
  ENTITY,
  STATUS_SUBSCRIBER_SK_PREFIX,
  statusPageKey,
  statusSubscriberAddressKey,
  statusSubscriberCountsKey,
  statusSubscriberKey,
  statusSubscribersPartition,
  subscriberConfirmationKey,
  userKey,
} from '../../shared/table/keys.js';
import { isConditionFailure } from './dynamo-errors.js';
import { erasePartition } from './partition-eraser.js';
import type { TableItem } from './query-all.js';
import * as table from './table-commands.js';
import { transactIfAllowed, type TableTransactItem } from './table.js';

/**
 * A status page's e-mail subscribers (keys.ts 56-59; docs/status-pages.md "Subscribers"), all in
 * the page's own partition: one item per subscriber (56, and in GSI2 once confirmed, 56b), one per
 * address (57, so "is this address subscribed" is one read), the confirmation links by token hash
 * (58, TTL) and the page's counters (59). Every write that adds, confirms or removes a subscriber
 * moves the counters in the same transaction, so the caps in `SUBSCRIBER_LIMITS` hold under any
 * number of concurrent requests.
 */
export interface StoredSubscriber {
  id: string;
  pageId: string;
  email: string;
  status: SubscriberStatus;
  /** Empty: the whole page. */
  componentIds: string[];
  createdAt: string;
  confirmedAt: string | null;
  /** When the last confirmation mail went out (the resend throttle reads it). */
  confirmationSentAt: string | null;
  /** SHA-256 of the newest confirmation token: only that link confirms. */
  tokenHash: string | null;
}

/** One confirmed subscriber as a mail's fan-out needs it. */
export interface ConfirmedSubscriber {
  id: string;
  email: string;
  /** Empty: the whole page. */
  component_ids: string[];
}

export interface SubscriberCounts {
  confirmed: number;
  pending: number;
  total: number;
}

/** The caps a new pending subscriber must stay under (SUBSCRIBER_LIMITS). */
export interface SubscriberCaps {
  pendingMax: number;
  totalMax: number;
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const toSubscriber = (item: TableItem): StoredSubscriber => ({
  id: String(item.id),
  pageId: String(item.page_id),
  email: String(item.email),
  status: item.status === 'confirmed' ? 'confirmed' : 'pending',
  componentIds: Array.isArray(item.component_ids) ? item.component_ids.map(String) : [],
  createdAt: String(item.created_at),
  confirmedAt: stringOrNull(item.confirmed_at),
  confirmationSentAt: stringOrNull(item.confirmation_sent_at),
  tokenHash: stringOrNull(item.token_hash),
});

const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The page's counters; zeros before its first subscriber. */
export const getSubscriberCounts = async (pageId: string): Promise<SubscriberCounts> => {
  const { Item } = await table.get({ Key: statusSubscriberCountsKey(pageId), ConsistentRead: true });
  return { confirmed: countOf(Item?.confirmed), pending: countOf(Item?.pending), total: countOf(Item?.total) };
};

/** The subscriber an address is on the page (keys.ts 57), or null. */
export const findSubscriberIdByAddress = async (pageId: string, email: string): Promise<string | null> => {
  const { Item } = await table.get({ Key: statusSubscriberAddressKey(pageId, email), ConsistentRead: true });
  return Item ? String(Item.subscriber_id) : null;
};

/** One subscriber of the page, or null. */
export const getSubscriber = async (pageId: string, subscriberId: string): Promise<StoredSubscriber | null> => {
  const { Item } = await table.get({ Key: statusSubscriberKey(pageId, subscriberId), ConsistentRead: true });
  return Item ? toSubscriber(Item) : null;
};

const tokenPut = (pageId: string, subscriberId: string, tokenHash: string, expiresAt: number): TableTransactItem => ({
  Put: {
    Item: {
      ...subscriberConfirmationKey(pageId, tokenHash),
      entity: ENTITY.subscriberConfirmation,
      subscriber_id: subscriberId,
      expires_at: expiresAt,
    },
  },
});

/**
 * Adds `subscriber` as pending with its first confirmation link, while the page (keys.ts 50)
 * still exists, the address is not on it yet and the page is under both caps: 'exists' when the
 * address is already there (pending or confirmed), 'full' at a cap, 'page_gone' once the page is
 * deleted or its owner's account is being erased.
 */
export const addPendingSubscriber = async (opts: {
  userId: string;
  subscriber: StoredSubscriber;
  tokenHash: string;
  tokenExpiresAt: number;
  caps: SubscriberCaps;
}): Promise<'added' | 'exists' | 'full' | 'page_gone'> => {
  const { subscriber, caps } = opts;
  const pageId = subscriber.pageId;
  const refused = await transactIfAllowed(
    [
      { ConditionCheck: { Key: statusPageKey(opts.userId, pageId), ConditionExpression: 'attribute_exists(PK)' } },
      // Not while the owner's account is being erased: erasure deletes the page's subscribers after this point (services/auth/erase-account.ts).
      { ConditionCheck: { Key: userKey(opts.userId), ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion_started_at)' } },
      {
        Put: {
          Item: {
            ...statusSubscriberAddressKey(pageId, subscriber.email),
            entity: ENTITY.statusSubscriberAddress,
            subscriber_id: subscriber.id,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          Key: statusSubscriberCountsKey(pageId),
          UpdateExpression:
            'SET entity = :entity, pending = if_not_exists(pending, :zero) + :one, #total = if_not_exists(#total, :zero) + :one, confirmed = if_not_exists(confirmed, :zero)',
          ConditionExpression: '(attribute_not_exists(pending) OR pending < :pendingMax) AND (attribute_not_exists(#total) OR #total < :totalMax)',
          ExpressionAttributeNames: { '#total': 'total' },
          ExpressionAttributeValues: {
            ':entity': ENTITY.statusSubscriberCounts,
            ':zero': 0,
            ':one': 1,
            ':pendingMax': caps.pendingMax,
            ':totalMax': caps.totalMax,
          },
        },
      },
      {
        Put: {
          Item: {
            ...statusSubscriberKey(pageId, subscriber.id),
            entity: ENTITY.statusSubscriber,
            id: subscriber.id,
            page_id: pageId,
            email: subscriber.email,
            status: 'pending',
            component_ids: subscriber.componentIds,
            created_at: subscriber.createdAt,
            confirmed_at: null,
            confirmation_sent_at: subscriber.confirmationSentAt,
            token_hash: opts.tokenHash,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      tokenPut(pageId, subscriber.id, opts.tokenHash, opts.tokenExpiresAt),
    ],
    { 0: 'page_gone' as const, 1: 'page_gone' as const, 2: 'exists' as const, 3: 'full' as const },
  );
  return refused ?? 'added';
};

/**
 * Gives a pending subscriber a new confirmation link in place of the last one, only while it is
 * still pending and its last mail went out no later than `sentNoLaterThan` (the resend throttle):
 * false when either no longer holds, so two requests at once send one mail.
 */
export const replaceConfirmationToken = async (opts: {
  subscriber: StoredSubscriber;
  tokenHash: string;
  tokenExpiresAt: number;
  now: Date;
  sentNoLaterThan: Date;
}): Promise<boolean> => {
  const { subscriber } = opts;
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: statusSubscriberKey(subscriber.pageId, subscriber.id),
          UpdateExpression: 'SET token_hash = :hash, confirmation_sent_at = :now',
          ConditionExpression: 'attribute_exists(PK) AND #status = :pending AND confirmation_sent_at <= :limit',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':hash': opts.tokenHash,
            ':now': opts.now.toISOString(),
            ':pending': 'pending',
            ':limit': opts.sentNoLaterThan.toISOString(),
          },
        },
      },
      tokenPut(subscriber.pageId, subscriber.id, opts.tokenHash, opts.tokenExpiresAt),
      ...(subscriber.tokenHash ? [{ Delete: { Key: subscriberConfirmationKey(subscriber.pageId, subscriber.tokenHash) } }] : []),
    ],
    { 0: 'refused' as const },
  );
  return refused === null;
};

/** The subscriber a confirmation link names while it works (keys.ts 58), or null for an unknown or expired one. */
export const findConfirmationToken = async (pageId: string, tokenHash: string, now: Date): Promise<string | null> => {
  const { Item } = await table.get({ Key: subscriberConfirmationKey(pageId, tokenHash), ConsistentRead: true });
  // TTL deletes some time after expiry: an expired link is refused here, not by its absence.
  if (!Item || countOf(Item.expires_at) * 1000 <= now.getTime()) return null;
  return String(Item.subscriber_id);
};

/**
 * Pending -> confirmed, while the subscriber is pending and `tokenHash` is its newest link: it
 * joins the confirmed index (56b) and the counters move, in one transaction. False when it no
 * longer holds (already confirmed, removed, or an older link).
 */
export const confirmPendingSubscriber = async (pageId: string, subscriberId: string, tokenHash: string, now: Date): Promise<boolean> => {
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: statusSubscriberKey(pageId, subscriberId),
          UpdateExpression: 'SET #status = :confirmed, confirmed_at = :now, GSI2PK = :gsiPk, GSI2SK = :gsiSk',
          ConditionExpression: 'attribute_exists(PK) AND #status = :pending AND token_hash = :hash',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':confirmed': 'confirmed',
            ':pending': 'pending',
            ':now': now.toISOString(),
            ':hash': tokenHash,
            ':gsiPk': confirmedSubscriberIndexKeys(pageId, subscriberId).GSI2PK,
            ':gsiSk': confirmedSubscriberIndexKeys(pageId, subscriberId).GSI2SK,
          },
        },
      },
      {
        Update: {
          Key: statusSubscriberCountsKey(pageId),
          UpdateExpression: 'SET pending = pending - :one, confirmed = confirmed + :one',
          ConditionExpression: 'pending > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ],
    { 0: 'refused' as const },
  );
  return refused === null;
};

/**
 * Removes a subscriber, its address and its confirmation link, and counts it off, in one
 * transaction conditioned on the status it was read with (so the right counter moves). The removed
 * subscriber, or null when it was not there (already removed: an answer, not a fault).
 */
export const removeSubscriber = async (pageId: string, subscriberId: string, onlyIf?: SubscriberStatus): Promise<StoredSubscriber | null> => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const subscriber = await getSubscriber(pageId, subscriberId);
    // `onlyIf`: a sweep of pending addresses never takes one that confirmed meanwhile (the delete
    // below is conditioned on the status read here, so a confirmation in between retries the read).
    if (!subscriber || (onlyIf && subscriber.status !== onlyIf)) return null;
    const counter = subscriber.status === 'confirmed' ? 'confirmed' : 'pending';
    const refused = await transactIfAllowed(
      [
        {
          Delete: {
            Key: statusSubscriberKey(pageId, subscriberId),
            ConditionExpression: 'attribute_exists(PK) AND #status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': subscriber.status },
          },
        },
        { Delete: { Key: statusSubscriberAddressKey(pageId, subscriber.email) } },
        {
          Update: {
            Key: statusSubscriberCountsKey(pageId),
            UpdateExpression: 'SET #counter = #counter - :one, #total = #total - :one',
            ExpressionAttributeNames: { '#counter': counter, '#total': 'total' },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
        ...(subscriber.tokenHash ? [{ Delete: { Key: subscriberConfirmationKey(pageId, subscriber.tokenHash) } }] : []),
      ],
      { 0: 'changed' as const },
    );
    // Confirmed between the read and the write: read it again and count it off the right counter.
    if (refused === null) return subscriber;
  }
  return null;
};

/** Opaque list cursor: the last subscriber id read (ULIDs are URL-safe). */
const cursorKey = (pageId: string, cursor: string | undefined, index: boolean): TableItem | undefined => {
  if (!cursor || !/^[0-9A-HJKMNP-TV-Z]{26}$/.test(cursor)) return undefined;
  const key = statusSubscriberKey(pageId, cursor);
  return index ? { ...key, ...confirmedSubscriberIndexKeys(pageId, cursor) } : { ...key };
};

/** Whether a cursor is one these lists hand out. */
export const isSubscriberCursor = (cursor: string): boolean => cursorKey('page', cursor, false) !== undefined;

const nextCursor = (lastKey: TableItem | undefined): string | null => {
  if (!lastKey) return null;
  const sk = String(lastKey.SK ?? '');
  return sk.startsWith(STATUS_SUBSCRIBER_SK_PREFIX) ? sk.slice(STATUS_SUBSCRIBER_SK_PREFIX.length) : null;
};

/** The page's subscribers, pending and confirmed, newest first, `limit` at a time (the owner's list). */
export const listSubscribers = async (
  pageId: string,
  opts: { cursor?: string; limit: number },
): Promise<{ subscribers: StoredSubscriber[]; nextCursor: string | null }> => {
  const page = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': statusSubscribersPartition(pageId), ':prefix': STATUS_SUBSCRIBER_SK_PREFIX },
    ScanIndexForward: false,
    Limit: opts.limit,
    ExclusiveStartKey: cursorKey(pageId, opts.cursor, false),
    ConsistentRead: true,
  });
  return { subscribers: (page.Items ?? []).map(toSubscriber), nextCursor: nextCursor(page.LastEvaluatedKey) };
};

/** Subscribers read per Query when the caller gives no limit: well under the 1 MB a call returns. */
const CONFIRMED_PAGE_SIZE = 500;

/**
 * The page's confirmed subscribers (keys.ts 56b), oldest first, a page at a time: what a mail's
 * fan-out walks. Pass `next_cursor` back as `cursor` until it is null. The index is eventually
 * consistent: an address confirmed a moment ago may join from the next event on.
 */
export const listConfirmedSubscribers = async (
  pageId: string,
  opts: { cursor?: string; limit?: number } = {},
): Promise<{ subscribers: ConfirmedSubscriber[]; next_cursor: string | null }> => {
  const page = await table.query({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': confirmedSubscriberIndexKeys(pageId, '').GSI2PK },
    Limit: opts.limit ?? CONFIRMED_PAGE_SIZE,
    ExclusiveStartKey: cursorKey(pageId, opts.cursor, true),
  });
  return {
    subscribers: (page.Items ?? []).map((item) => {
      const subscriber = toSubscriber(item);
      return { id: subscriber.id, email: subscriber.email, component_ids: subscriber.componentIds };
    }),
    next_cursor: nextCursor(page.LastEvaluatedKey),
  };
};

/** Every subscriber item of a page (deleting the page, erasing its owner): its whole partition, page by page. */
export const eraseSubscribersOfPage = (pageId: string): Promise<number> => erasePartition(statusSubscribersPartition(pageId));

/**
 * Claims the page's sweep of expired pending subscribers (`swept_at` on its counters, keys.ts 59):
 * true at most once per `everyMs`, so a page kept full by a flood of addresses is read through at
 * most that often (docs/status-pages.md "Subscribers").
 */
export const claimPendingSweep = async (pageId: string, now: Date, everyMs: number): Promise<boolean> => {
  try {
    await table.update({
      Key: statusSubscriberCountsKey(pageId),
      UpdateExpression: 'SET swept_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(swept_at) OR swept_at < :before)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':before': new Date(now.getTime() - everyMs).toISOString() },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
