import {
  ENTITY,
  MONITOR_SK_PREFIX,
  monitorIdOfSortKey,
  monitorPartition,
  normalizeEmail,
  rateLimitPartition,
  userKey,
  userMonitorsPartition,
} from '../../shared/table/keys.js';
import { tableName } from '../clients/dynamodb.js';
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
    TableName: tableName(),
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

/** Everything stored under one monitor: check results, rollups, whatever else lives there. */
export const eraseMonitorPartition = (monitorId: string): Promise<number> => erasePartition(monitorPartition(monitorId));

/**
 * Everything in the user's partition (monitors and their state, incidents, settings, locks, ...)
 * except the profile, which stays until the end so that a failed erasure can be retried.
 */
export const eraseUserPartitionExceptProfile = (userId: string): Promise<number> => {
  const profile = userKey(userId);
  return erasePartition(profile.PK, { keep: (sortKey) => sortKey === profile.SK });
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
    TableName: tableName(),
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
