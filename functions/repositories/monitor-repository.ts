import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SLOW_THRESHOLD_MS, shardOf } from '../../shared/checks/dispatch.js';
import type { Monitor, MonitorStatus } from '../../shared/monitors/schemas.js';
import {
  dueKey,
  ENTITY,
  MONITOR_SK_PREFIX,
  monitorKey,
  monitorListKey,
  userKey,
  userMonitorsPartition,
} from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import { conditionFailedAt } from './dynamo-errors.js';

/** Monitors in the table: under their owner's partition (patterns 5, 6) and in the admin list (7). */

const nullableNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const nullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// Picks the API fields rather than dropping known storage ones, so attributes added later for the
// check engine never leak into responses.
const toMonitor = (item: Record<string, unknown>): Monitor => ({
  id: String(item.id),
  name: String(item.name),
  url: String(item.url),
  status: item.status as MonitorStatus,
  is_up: typeof item.is_up === 'boolean' ? item.is_up : null,
  response_time: nullableNumber(item.response_time),
  check_interval: Number(item.check_interval),
  timeout: Number(item.timeout),
  last_checked: nullableString(item.last_checked),
  latest_incident: (item.latest_incident as Monitor['latest_incident']) ?? null,
  created_at: String(item.created_at),
});

/**
 * Stores a new monitor and counts it against the owner's cap in ONE transaction: the profile's
 * `monitor_count` goes up only while it is below `cap` and the tier is still `tierId` (so a plan
 * change between the caller's read and this write cannot slip a monitor past the new cap).
 * 'cap_reached' when that condition fails (also when the profile is gone or the tier changed).
 */
export const insertMonitorWithinCap = async (opts: {
  userId: string;
  monitor: Monitor;
  tierId: TierId;
  cap: number;
  /** When the dispatcher should first check it. */
  firstCheckAt: Date;
}): Promise<'created' | 'cap_reached'> => {
  const { userId, monitor, tierId, cap } = opts;
  const shard = shardOf(monitor.id);
  const nextCheckAt = opts.firstCheckAt.toISOString();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: userKey(userId),
              UpdateExpression: 'SET monitor_count = monitor_count + :one',
              ConditionExpression: 'monitor_count < :cap AND subscription_tier = :tier',
              ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':tier': tierId },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...monitorKey(userId, monitor.id),
                ...monitorListKey(monitor.id),
                ...dueKey(shard, nextCheckAt),
                entity: ENTITY.monitor,
                user_id: userId,
                ...monitor,
                shard,
                next_check_at: nextCheckAt,
                slow_threshold_ms: DEFAULT_SLOW_THRESHOLD_MS,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (conditionFailedAt(error, 0)) return 'cap_reached';
    throw error;
  }
};

/** Every monitor item in a user's partition (a user has at most the enterprise cap, 500). */
const queryUserMonitorItems = async (
  userId: string,
  opts: { newestFirst: boolean; consistent: boolean },
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
        ScanIndexForward: !opts.newestFirst,
        ConsistentRead: opts.consistent,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};

/** All of a user's monitors, newest first. */
export const listUserMonitors = async (userId: string): Promise<Monitor[]> =>
  (await queryUserMonitorItems(userId, { newestFirst: true, consistent: false })).map(toMonitor);

/** What a force check needs of a monitor: how to check it and which round it last applied. */
export interface MonitorCheckTarget {
  id: string;
  url: string;
  status: MonitorStatus;
  timeoutSeconds: number;
  slowThresholdMs: number;
  lastRound: string | null;
  lastChecked: string | null;
}

/** All of a user's monitors as check targets, read consistently (force check polls the rounds). */
export const listUserCheckTargets = async (userId: string): Promise<MonitorCheckTarget[]> =>
  (await queryUserMonitorItems(userId, { newestFirst: false, consistent: true })).map((item) => ({
    id: String(item.id),
    url: String(item.url),
    status: item.status as MonitorStatus,
    timeoutSeconds: Number(item.timeout),
    slowThresholdMs: Number(item.slow_threshold_ms ?? DEFAULT_SLOW_THRESHOLD_MS),
    lastRound: nullableString(item.last_round),
    lastChecked: nullableString(item.last_checked),
  }));
