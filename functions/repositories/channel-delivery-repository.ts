import { randomUUID } from 'node:crypto';
import type { ChannelType } from '../../shared/alerts/channels/index.js';
import type { ChannelAlert } from '../../shared/alerts/events.js';
import type { DeliveryStatus } from '../../shared/alerts/schemas.js';
import { DELIVERY_PENDING_PARTITION, deliveryKey, deliveryPendingKey, deliveryPrefix, ENTITY, userKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { resultIfAllowed, writeIfAllowed } from './table.js';
import { retryingConflicts } from './transaction-conflicts.js';

/**
 * One transition's delivery to one channel (keys.ts 41, 41b): the channel outbox. The alerts
 * consumer creates it (once: its key is the channel and the transition), the delivery consumer
 * makes it (docs/alerts.md "Delivery"):
 *
 *   pending --claim--> sending --provider took it--> delivered
 *      ^                  |  \--final answer, or 24 h of tries--> failed
 *      |---- retry -------|   \--not to be sent (channel paused, gone, SMS allowance used)--> skipped
 *   sending, lease over --claim--> sending              (the claimant died)
 *
 * Each step is one conditional UpdateItem (made again when a storm digest's join, a transaction,
 * holds the item at that moment: transaction-conflicts.ts). While unfinished the item carries the
 * sparse GSI1 keys (GSI1SK = when it is next due) for the sweeper; finished ones drop them and expire after
 * DELIVERY_RETENTION_DAYS. The item keeps the message (`alert`) as it was first written, so every
 * try sends the same thing, and its `id` is the Standard Webhooks `webhook-id`.
 */
export const DELIVERY_RETENTION_DAYS = 30;

export interface Delivery {
  /** The item's sort key: how a queue message names it. */
  key: string;
  /** The `webhook-id` (msg_...): the same for every try. */
  id: string;
  userId: string;
  channelId: string;
  channelType: ChannelType;
  transitionId: string;
  /** The transition's alert; null for a storm digest, which is made of its members. */
  alert: ChannelAlert | null;
  /**
   * A storm digest (docs/alerts.md "Storms and pacing"), null otherwise: how many alerts joined it,
   * and those a digest of the old shape lists in the item itself. The members with items of their
   * own (keys.ts 89) are read at send time: channel-digest-repository.ts `readDigestMembers`.
   */
  digest: { memberCount: number; listedMembers: ChannelAlert[] } | null;
  /** The send slot this delivery holds at its destination (ISO), taken on an earlier try that had to wait for it. */
  pacedAt: string | null;
  status: DeliveryStatus;
  attempts: number;
  createdAt: string;
  firstAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  httpStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  /** GSI1SK while unfinished (when it is next due), else null: what the sweeper defers by. */
  dueAt: string | null;
}

export interface ClaimedDelivery extends Delivery {
  claimId: string;
}

const expiresAt = (now: Date): number => Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 86_400;

const toDelivery = (item: Record<string, unknown>): Delivery => ({
  key: String(item.SK),
  id: String(item.id),
  userId: String(item.user_id),
  channelId: String(item.channel_id),
  channelType: item.channel_type as ChannelType,
  transitionId: String(item.transition_id),
  alert: (item.alert as ChannelAlert | undefined) ?? null,
  digest:
    item.member_count === undefined
      ? null
      : { memberCount: Number(item.member_count), listedMembers: Array.isArray(item.members) ? (item.members as ChannelAlert[]) : [] },
  pacedAt: typeof item.paced_at === 'string' ? item.paced_at : null,
  status: item.status as DeliveryStatus,
  attempts: Number(item.attempts ?? 0),
  createdAt: String(item.created_at),
  firstAttemptAt: typeof item.first_attempt_at === 'string' ? item.first_attempt_at : null,
  nextAttemptAt: item.status === 'pending' && typeof item.next_attempt_at === 'string' ? item.next_attempt_at : null,
  deliveredAt: typeof item.delivered_at === 'string' ? item.delivered_at : null,
  httpStatus: typeof item.http_status === 'number' ? item.http_status : null,
  latencyMs: typeof item.latency_ms === 'number' ? item.latency_ms : null,
  error: typeof item.last_error === 'string' ? item.last_error : null,
  dueAt: item.GSI1PK === DELIVERY_PENDING_PARTITION && typeof item.GSI1SK === 'string' ? item.GSI1SK : null,
});

/**
 * Writes a pending delivery unless this transition already has one for this channel. True when it
 * is new (the caller queues its message); false when an earlier fan-out made it.
 */
export const createDelivery = async (opts: {
  id: string;
  userId: string;
  channelId: string;
  channelType: ChannelType;
  transitionId: string;
  alert: ChannelAlert;
  now: Date;
}): Promise<{ created: boolean; key: string }> => {
  const key = deliveryKey(opts.userId, opts.channelId, opts.alert.occurred_at, opts.transitionId);
  const created = await writeIfAllowed(
    table.put({
      Item: {
        ...key,
        ...deliveryPendingKey(opts.now.toISOString()),
        entity: ENTITY.channelDelivery,
        id: opts.id,
        user_id: opts.userId,
        channel_id: opts.channelId,
        channel_type: opts.channelType,
        transition_id: opts.transitionId,
        event: opts.alert.type,
        monitor_name: opts.alert.monitor.name,
        alert: opts.alert,
        status: 'pending',
        attempts: 0,
        created_at: opts.now.toISOString(),
        next_attempt_at: opts.now.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return { created, key: key.SK };
};

export const getDelivery = async (userId: string, key: string): Promise<Delivery | null> => {
  const { Item } = await table.get({ Key: { PK: userKey(userId).PK, SK: key }, ConsistentRead: true });
  return Item ? toDelivery(Item) : null;
};

/**
 * Takes a delivery for one try: pending and due, or claimed by someone whose lease ran out. Null
 * when it is finished, not yet due, held by a live claimant, or unknown.
 */
export const claimDelivery = async (userId: string, key: string, now: Date, leaseSeconds: number): Promise<ClaimedDelivery | null> => {
  const claimId = randomUUID();
  const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  const claimed = await resultIfAllowed(
    retryingConflicts(() =>
      table.update({
        Key: { PK: userKey(userId).PK, SK: key },
        UpdateExpression:
          'SET #status = :sending, claim_id = :claim, lease_until = :lease, last_attempt_at = :now, first_attempt_at = if_not_exists(first_attempt_at, :now), GSI1PK = :pendingPk, GSI1SK = :lease ADD attempts :one',
        ConditionExpression: '(#status = :pending AND next_attempt_at <= :now) OR (#status = :sending AND lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':pending': 'pending',
          ':claim': claimId,
          ':now': now.toISOString(),
          ':lease': leaseUntil,
          ':one': 1,
          ':pendingPk': DELIVERY_PENDING_PARTITION,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return claimed?.Attributes ? { ...toDelivery(claimed.Attributes), claimId } : null;
};

export interface AttemptRecord {
  httpStatus: number | null;
  latencyMs: number | null;
  error: string | null;
}

const attemptValues = (attempt: AttemptRecord) => ({
  ':httpStatus': attempt.httpStatus,
  ':latency': attempt.latencyMs,
  ':error': attempt.error,
});

/**
 * Finishes a claimed delivery (delivered, failed or skipped), only while the claim still holds it;
 * false when the claim was lost. A delivered one is recorded whoever holds it: it went out.
 */
export const finishDelivery = async (
  delivery: ClaimedDelivery,
  opts: { status: 'delivered' | 'failed' | 'skipped'; attempt: AttemptRecord; now: Date },
): Promise<boolean> =>
  writeIfAllowed(
    retryingConflicts(() =>
      table.update({
        Key: { PK: userKey(delivery.userId).PK, SK: delivery.key },
        UpdateExpression: `SET #status = :status, http_status = :httpStatus, latency_ms = :latency, last_error = :error, finished_at = :now, expires_at = :expires${
          opts.status === 'delivered' ? ', delivered_at = :now' : ''
        } REMOVE GSI1PK, GSI1SK, claim_id, lease_until, next_attempt_at`,
        ConditionExpression: opts.status === 'delivered' ? 'attribute_exists(PK)' : 'claim_id = :claim',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': opts.status,
          ...attemptValues(opts.attempt),
          ':now': opts.now.toISOString(),
          ':expires': expiresAt(opts.now),
          ...(opts.status === 'delivered' ? {} : { ':claim': delivery.claimId }),
        },
      }),
    ),
  );

/** A try failed and another comes at `retryAt`: pending again, due then. False when the claim was lost. */
export const retryDeliveryLater = async (delivery: ClaimedDelivery, opts: { retryAt: Date; attempt: AttemptRecord }): Promise<boolean> =>
  writeIfAllowed(
    retryingConflicts(() =>
      table.update({
        Key: { PK: userKey(delivery.userId).PK, SK: delivery.key },
        UpdateExpression:
          'SET #status = :pending, http_status = :httpStatus, latency_ms = :latency, last_error = :error, next_attempt_at = :retryAt, GSI1SK = :retryAt REMOVE claim_id, lease_until, paced_at',
        ConditionExpression: 'claim_id = :claim',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ...attemptValues(opts.attempt),
          ':retryAt': opts.retryAt.toISOString(),
          ':claim': delivery.claimId,
        },
      }),
    ),
  );

/**
 * A claimed delivery whose destination has no free slot until `slotAt` (docs/alerts.md "Storms and
 * pacing"): pending again, due at `dueAt` (shortly before the slot), holding that slot
 * (`paced_at`), as if this try never began: its attempt is taken back, so a digest still takes
 * new members. False when the claim was lost.
 */
export const waitForSlot = async (delivery: ClaimedDelivery, opts: { slotAt: Date; dueAt: Date }): Promise<boolean> =>
  writeIfAllowed(
    retryingConflicts(() =>
      table.update({
        Key: { PK: userKey(delivery.userId).PK, SK: delivery.key },
        UpdateExpression: `SET #status = :pending, next_attempt_at = :due, paced_at = :slot, GSI1SK = :due REMOVE claim_id, lease_until${
          delivery.attempts <= 1 ? ', first_attempt_at' : ''
        } ADD attempts :minusOne`,
        ConditionExpression: 'claim_id = :claim',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':due': opts.dueAt.toISOString(),
          ':slot': opts.slotAt.toISOString(),
          ':claim': delivery.claimId,
          ':minusOne': -1,
        },
      }),
    ),
  );

/** A channel's deliveries, newest first (keys.ts 41). */
export const listChannelDeliveries = async (userId: string, channelId: string, limit: number): Promise<Delivery[]> => {
  const { Items } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': deliveryPrefix(channelId) },
    ScanIndexForward: false,
    Limit: limit,
  });
  return (Items ?? []).map(toDelivery);
};

/** Unfinished deliveries due at or before `cutoff` (ISO), oldest first (keys.ts 41b). */
export const listDueDeliveries = async (cutoff: string, limit: number): Promise<Delivery[]> => {
  const deliveries: Delivery[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.query({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :cutoff',
      ExpressionAttributeValues: { ':pk': DELIVERY_PENDING_PARTITION, ':cutoff': cutoff },
      Limit: limit - deliveries.length,
      ExclusiveStartKey,
    });
    deliveries.push(...(page.Items ?? []).map(toDelivery));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && deliveries.length < limit);
  return deliveries;
};

/**
 * The sweeper re-sent a stuck delivery's message: the next sweeps leave it until `nextDueAt`.
 * Applied only if nobody touched it since it was listed.
 */
export const deferDelivery = async (delivery: Delivery, opts: { nextDueAt: Date }): Promise<boolean> =>
  delivery.dueAt !== null &&
  writeIfAllowed(
    retryingConflicts(() =>
      table.update({
        Key: { PK: userKey(delivery.userId).PK, SK: delivery.key },
        UpdateExpression: 'SET GSI1SK = :next ADD requeues :one',
        ConditionExpression: 'GSI1PK = :pk AND GSI1SK = :seen',
        ExpressionAttributeValues: { ':next': opts.nextDueAt.toISOString(), ':one': 1, ':pk': DELIVERY_PENDING_PARTITION, ':seen': delivery.dueAt },
      }),
    ),
  );
