import { roundOfIncidentId, transitionId, type TransitionEvent } from '../../shared/checks/transition-ids.js';
import {
  ENTITY,
  type ItemKey,
  INCIDENT_SK_PREFIX,
  MONITOR_SK_PREFIX,
  outboxKey,
  monitorIdOfSortKey,
  monitorPartition,
  normalizeEmail,
  rateLimitPartition,
  PAYMENT_SK_PREFIX,
  userKey,
  userIncidentsPartition,
  userMonitorsPartition,
} from '../../shared/table/keys.js';
import { writeAll } from './batch-write.js';
import { MONITOR_LOOKUP_ATTRIBUTES, monitorLookupKeys } from './monitor-items.js';
import { erasePartition } from './partition-eraser.js';
import { queryAll } from './query-all.js';

/**
 * The table side of deleting an account, one partition at a time (keys.ts pattern 20); the order
 * is the use case's (services/auth/delete-account.ts). The profile and the e-mail claim go last,
 * in user-repository.ts `deleteUserAndEmailClaim`.
 */

/** The ids of a user's monitors, from the keys of their monitor and state items (patterns 5, 8c). */
export const listMonitorIdsOfUser = async (userId: string): Promise<string[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: 'SK',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
    ConsistentRead: true,
  });
  const ids = new Set<string>();
  for (const item of items) {
    const id = monitorIdOfSortKey(String(item.SK));
    if (id) ids.add(id);
  }
  return [...ids];
};

/**
 * The lookup items of the user's monitors (a heartbeat's push secret, keys.ts 39; a badge token, 50):
 * they sit outside the user's partitions, keyed by the secret's hash, so erasure finds them through
 * the monitor items.
 */
export const listMonitorLookupsOfUser = async (userId: string): Promise<ItemKey[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: MONITOR_LOOKUP_ATTRIBUTES.map((_name, i) => `#l${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(MONITOR_LOOKUP_ATTRIBUTES.map((name, i) => [`#l${i}`, name])),
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
    ConsistentRead: true,
  });
  return items.flatMap((item) => (item.entity === ENTITY.monitor ? monitorLookupKeys(item) : []));
};

/**
 * What a user's incident history says about monitors: the ids of every monitor that ever had an
 * incident (deleted ones included, whose partitions a deletion before erasure-on-delete left
 * behind) and the alert-outbox keys of the transitions those incidents record (down, up, slow:
 * keyed by monitor, round and event, keys.ts 14). A `slow_resolved` entry's round is not kept; such
 * an entry is finished `skipped` by the mailer once the account is gone, and expires by TTL.
 */
export const listIncidentTraces = async (userId: string): Promise<{ monitorIds: string[]; outboxKeys: ItemKey[] }> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: 'id, monitor_id, alert_type',
    ExpressionAttributeValues: { ':pk': userIncidentsPartition(userId), ':prefix': INCIDENT_SK_PREFIX },
    ConsistentRead: true,
  });
  const monitorIds = new Set<string>();
  const outboxKeys: ItemKey[] = [];
  for (const item of items) {
    if (typeof item.monitor_id !== 'string') continue;
    monitorIds.add(item.monitor_id);
    const round = typeof item.id === 'string' ? roundOfIncidentId(item.id) : null;
    const event = item.alert_type as TransitionEvent;
    if (round && ['down', 'up', 'slow'].includes(event)) outboxKeys.push(outboxKey(transitionId(item.monitor_id, round, event)));
  }
  return { monitorIds: [...monitorIds], outboxKeys };
};

/** Deletes the given items by key (absent ones are fine), 25 a request. */
export const deleteItems = (keys: readonly ItemKey[]): Promise<void> => writeAll(keys.map((Key) => ({ DeleteRequest: { Key: { ...Key } } })));

/** The per-user counters (test notifications, and any scope counted by user id) of the given scopes. */
export const eraseUserCounters = async (userId: string, scopes: readonly string[]): Promise<void> => {
  await Promise.all(scopes.map((scope) => erasePartition(rateLimitPartition(scope, userId))));
};

/** Everything stored under one monitor: check results, rollups, whatever else lives there. */
export const eraseMonitorPartition = (monitorId: string): Promise<number> => erasePartition(monitorPartition(monitorId));

/**
 * Everything in the user's partition (monitors and their state, incidents, settings, locks, the
 * subscription, ...) except the payment records and the profile, which stays until the end so
 * that a failed erasure can be retried.
 */
export const eraseUserPartitionExceptProfile = (userId: string): Promise<number> => {
  const profile = userKey(userId);
  // Payment records stay: the operator's revenue history and the provider's books need them
  // (docs/billing.md "Account deletion"). They hold no name or address, only the account's random
  // id, which leads nowhere once the profile and the identity are gone.
  return erasePartition(profile.PK, { keep: (sortKey) => sortKey === profile.SK || sortKey.startsWith(PAYMENT_SK_PREFIX) });
};

/** The per-address counters (sign-in attempts, mails sent) of the given rate-limit scopes. */
export const eraseAddressCounters = async (email: string, scopes: readonly string[]): Promise<void> => {
  await Promise.all(scopes.map((scope) => erasePartition(rateLimitPartition(scope, normalizeEmail(email)))));
};

/** What an account holds that the operator counters count (read before the erasure, so they can be subtracted). */
export interface CountedHoldings {
  monitorsByStatus: Record<string, number>;
  incidents: number;
  openIncidents: number;
}

export const countHoldingsOfUser = async (userId: string): Promise<CountedHoldings> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ProjectionExpression: 'SK, entity, #status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId) },
    ConsistentRead: true,
  });
  const holdings: CountedHoldings = { monitorsByStatus: {}, incidents: 0, openIncidents: 0 };
  for (const item of items) {
    const status = String(item.status ?? '');
    if (item.entity === ENTITY.monitor) holdings.monitorsByStatus[status] = (holdings.monitorsByStatus[status] ?? 0) + 1;
    else if (item.entity === ENTITY.incident) {
      holdings.incidents += 1;
      if (status === 'open') holdings.openIncidents += 1;
    }
  }
  return holdings;
};
