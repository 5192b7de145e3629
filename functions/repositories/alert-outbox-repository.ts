import { randomUUID } from 'node:crypto';
import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import { storedMonitorType, type MonitorType } from '../../shared/monitors/monitor-types.js';
import { OUTBOX_PENDING_PARTITION, outboxKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { resultIfAllowed, writeIfAllowed } from './table.js';

/**
 * The alert outbox from the mailer's side (keys.ts 14 and 14b). The result processor writes an
 * entry `OUTBOX#<transitionId>` with status `pending` in the round's transaction
 * (monitor-check-state-repository.ts); from then on only the functions here change it:
 *
 *   pending --claim--> sending --mailed--> sent
 *      ^                  |  \--not wanted--> skipped      (preferences off, account gone)
 *      |---- release -----|   \--last try failed--> failed (its message goes to the DLQ)
 *   failed --claim (a redriven message)--> sending
 *   sending, lease over --claim--> sending                 (the claimant died)
 *
 * Every change is one conditional UpdateItem, so two consumers holding the same event (a duplicate
 * message, a redelivery, the sweeper's re-send) cannot both get past the claim. While the entry is
 * not finished it carries the sparse GSI1 keys (GSI1PK = OUTBOX_PENDING) with GSI1SK = when it is
 * next due: its creation, the end of a claim's lease, the time of the next try, or a while after the
 * sweeper re-sent its message (services/alerts/sweep-outbox.ts); sent, skipped and failed entries
 * drop them and expire after OUTBOX_RETENTION_DAYS. A claim's lease is `lease_until`, apart from
 * GSI1SK, so the sweeper moving an entry in the index never extends someone's claim.
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';

export interface OutboxEntry {
  transitionId: string;
  userId: string;
  monitorName: string;
  monitorUrl: string;
  /** What the alert speaks of; http for entries written before the field existed. */
  monitorType: MonitorType;
  alert: AlertEvent;
  status: OutboxStatus;
  /** Tries so far, this one included once claimed. */
  attempts: number;
  /** The GSI1SK of an unfinished entry (when it is next due), else null. */
  dueAt: string | null;
  /** Which regions saw it up and down in the deciding round; null for entries without (older ones, heartbeats, certificates). */
  regions: { up: string[]; down: string[] } | null;
}

/** A claimed entry; `claimId` proves the claim to the release, skip and fail calls. */
export interface ClaimedOutboxEntry extends OutboxEntry {
  claimId: string;
}

/** Finished entries are kept this long (the outbox is a record of what was mailed), then expire (TTL). */
export const OUTBOX_RETENTION_DAYS = 30;

const expiresAt = (now: Date): number => Math.floor(now.getTime() / 1000) + OUTBOX_RETENTION_DAYS * 86_400;

const toEntry = (item: Record<string, unknown>): OutboxEntry => {
  const alert = item.alert as AlertEvent;
  return {
    transitionId: alert.transitionId,
    userId: String(item.user_id),
    monitorName: String(item.monitor_name),
    monitorUrl: String(item.monitor_url),
    monitorType: storedMonitorType(item.monitor_type),
    // Entries written before alerts carried `since` have none.
    alert: { ...alert, since: alert.since ?? null },
    status: item.status as OutboxStatus,
    attempts: Number(item.attempts ?? 0),
    dueAt: typeof item.GSI1SK === 'string' && item.GSI1PK === OUTBOX_PENDING_PARTITION ? item.GSI1SK : null,
    regions: (item.regions as OutboxEntry['regions'] | undefined) ?? null,
  };
};

export const getOutboxEntry = async (transitionId: string): Promise<OutboxEntry | null> => {
  const { Item } = await table.get({ Key: outboxKey(transitionId), ConsistentRead: true });
  return Item ? toEntry(Item) : null;
};

/**
 * Takes the entry for one try: pending, failed (a message redriven from the dead-letter queue) or
 * claimed by someone whose lease ran out. Null when it is sent, skipped, claimed by a live
 * consumer, or unknown.
 */
export const claimOutboxEntry = async (transitionId: string, now: Date, leaseSeconds: number): Promise<ClaimedOutboxEntry | null> => {
  const claimId = randomUUID();
  const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  const claimed = await resultIfAllowed(
    table.update({
      Key: outboxKey(transitionId),
      UpdateExpression:
        'SET #status = :sending, claim_id = :claim, claimed_at = :now, lease_until = :lease, GSI1PK = :pendingPk, GSI1SK = :lease ADD attempts :one',
      ConditionExpression: '#status IN (:pending, :failed) OR (#status = :sending AND lease_until < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sending': 'sending',
        ':pending': 'pending',
        ':failed': 'failed',
        ':claim': claimId,
        ':now': now.toISOString(),
        ':lease': leaseUntil,
        ':one': 1,
        ':pendingPk': OUTBOX_PENDING_PARTITION,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return claimed?.Attributes ? { ...toEntry(claimed.Attributes), claimId } : null;
};

/** Records the mail as sent, whoever holds the claim now: it went out, and that is what counts. */
export const markOutboxSent = async (transitionId: string, opts: { messageId: string; now: Date }): Promise<void> => {
  await table.update({
    Key: outboxKey(transitionId),
    UpdateExpression:
      'SET #status = :sent, sent_at = :now, ses_message_id = :messageId, expires_at = :expires REMOVE GSI1PK, GSI1SK, claim_id, lease_until',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':sent': 'sent',
      ':now': opts.now.toISOString(),
      ':messageId': opts.messageId,
      ':expires': expiresAt(opts.now),
    },
  });
};

/**
 * A conditional finish of a claim: applied only while `claimId` still holds the entry (a claimant
 * whose lease ran out must not undo what the next one did). False when the claim was lost.
 */
const finishClaim = async (
  entry: ClaimedOutboxEntry,
  update: { set: string[]; remove: string[]; values: Record<string, unknown> },
): Promise<boolean> => {
  return writeIfAllowed(
    table.update({
      Key: outboxKey(entry.transitionId),
      UpdateExpression: `SET ${update.set.join(', ')} REMOVE ${['claim_id', 'lease_until', ...update.remove].join(', ')}`,
      ConditionExpression: 'claim_id = :claim',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':claim': entry.claimId, ...update.values },
    }),
  );
};

/** Nothing to mail (preferences off, account gone): the entry is finished without a mail. */
export const markOutboxSkipped = (entry: ClaimedOutboxEntry, opts: { reason: string; now: Date }): Promise<boolean> =>
  finishClaim(entry, {
    set: ['#status = :skipped', 'skipped_reason = :reason', 'finished_at = :now', 'expires_at = :expires'],
    remove: ['GSI1PK', 'GSI1SK'],
    values: { ':skipped': 'skipped', ':reason': opts.reason, ':now': opts.now.toISOString(), ':expires': expiresAt(opts.now) },
  });

/** A try failed and another will come at `retryAt` (its message's back-off): pending again, due then. */
export const releaseOutboxEntry = (entry: ClaimedOutboxEntry, opts: { error: string; retryAt: Date }): Promise<boolean> =>
  finishClaim(entry, {
    set: ['#status = :pending', 'last_error = :error', 'GSI1SK = :retryAt'],
    remove: [],
    values: { ':pending': 'pending', ':error': opts.error, ':retryAt': opts.retryAt.toISOString() },
  });

/**
 * The last try failed: the entry leaves the sweeper's index (the sweeper would otherwise re-send it
 * forever) and its message goes to the dead-letter queue, whose alarm tells an operator. A message
 * redriven from there claims it again.
 */
export const markOutboxFailed = (entry: ClaimedOutboxEntry, opts: { error: string; now: Date }): Promise<boolean> =>
  finishClaim(entry, {
    set: ['#status = :failed', 'last_error = :error', 'finished_at = :now', 'expires_at = :expires'],
    remove: ['GSI1PK', 'GSI1SK'],
    values: { ':failed': 'failed', ':error': opts.error, ':now': opts.now.toISOString(), ':expires': expiresAt(opts.now) },
  });

/**
 * Unfinished entries due at or before `cutoff` (ISO), oldest first (keys.ts 14b): one Query on the
 * sparse index, which holds only entries still to be mailed, never a Scan.
 */
export const listDueOutboxEntries = async (cutoff: string, limit: number): Promise<OutboxEntry[]> => {
  const entries: OutboxEntry[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.query({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :cutoff',
      ExpressionAttributeValues: { ':pk': OUTBOX_PENDING_PARTITION, ':cutoff': cutoff },
      Limit: limit - entries.length,
      ExclusiveStartKey,
    });
    entries.push(...(page.Items ?? []).map(toEntry));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && entries.length < limit);
  return entries;
};

/**
 * The sweeper re-sent the entry's message: it is next due at `nextDueAt`, so the following sweeps
 * leave it to that message. Applied only if nobody touched the entry since it was listed (its due
 * time unchanged); false otherwise, and then the entry is someone else's to finish.
 */
export const deferOutboxEntry = async (entry: OutboxEntry, opts: { nextDueAt: Date; now: Date }): Promise<boolean> => {
  if (!entry.dueAt) return false;
  return writeIfAllowed(
    table.update({
      Key: outboxKey(entry.transitionId),
      UpdateExpression: 'SET GSI1SK = :next, requeued_at = :now ADD requeues :one',
      ConditionExpression: 'GSI1PK = :pk AND GSI1SK = :seen',
      ExpressionAttributeValues: {
        ':next': opts.nextDueAt.toISOString(),
        ':now': opts.now.toISOString(),
        ':one': 1,
        ':pk': OUTBOX_PENDING_PARTITION,
        ':seen': entry.dueAt,
      },
    }),
  );
};
