import type { HourlyRollup, UnclosedHours } from '../../shared/checks/rollups.js';
import { DEFAULT_SLOW_THRESHOLD_MS } from '../../shared/checks/dispatch.js';
import { effectiveSlowThresholdMs } from '../../shared/monitors/check-option-rules.js';
import type { CheckOptions } from '../../shared/monitors/check-options.js';
import { monitorTypeView, type MonitorTarget, type MonitorTypeView } from '../../shared/monitors/monitor-types.js';
import type { MonitorMaintenance, OperatorHold } from '../../shared/monitors/schemas.js';
import { toMaintenanceStamp } from '../../shared/maintenance/stamp.js';
import { config } from '../config.js';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import {
  ENTITY,
  monitorCompanionKeys,
  monitorItemsPrefix,
  monitorKey,
  monitorStateKey,
  userMonitorsPartition,
  type ItemKey,
} from '../../shared/table/keys.js';
import { badgeKey, storedBadgeToken } from './badge-repository.js';
import { heartbeatKey } from './heartbeat-repository.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import { queryAll, type TableItem } from './query-all.js';

/**
 * A monitor is two items next to each other in its owner's partition (keys.ts 6 and 8c): the
 * monitor (its settings, in the indexes) and its check state (what each round rewrites). Both
 * monitor-repository.ts and monitor-check-state-repository.ts read them together through here.
 */
export interface MonitorItems {
  monitor: TableItem;
  /** Absent until the first round is applied. */
  state: TableItem | undefined;
  /** The closed hours of the last day under the key day items had before (keys.ts 8d); the dashboard reads the current ones on their own. */
  day?: TableItem | undefined;
  /** The certificate an https monitor's checks last saw (keys.ts 8e); absent for http and before the first check. */
  ssl?: TableItem | undefined;
}

/** Pairs each monitor item with its state item; state items without a monitor (a race with a delete) are dropped. */
export const pairWithState = (items: readonly TableItem[]): MonitorItems[] => {
  const byMonitor = (entity: string) =>
    new Map(items.filter((item) => item.entity === entity).map((item) => [String(item.monitor_id), item]));
  const states = byMonitor(ENTITY.monitorState);
  const days = byMonitor(ENTITY.monitorDay);
  const certificates = byMonitor(ENTITY.monitorSsl);
  return items
    .filter((item) => item.entity === ENTITY.monitor)
    .map((monitor) => ({
      monitor,
      state: states.get(String(monitor.id)),
      day: days.get(String(monitor.id)),
      ssl: certificates.get(String(monitor.id)),
    }));
};

/**
 * What the API's views of a monitor read from its items (monitor, state, day, certificate): every
 * attribute `toMonitor` (monitor-repository.ts), `monitorSslView`, the open hour and the day's hours
 * use, and the attributes `pairWithState` pairs by. The user-facing reads of a whole partition (list,
 * dashboard, export, reports) ask for these only: a state item's `recent` answers and the monitor's
 * index keys are more than half of a partition's bytes, and a query's time follows the bytes it
 * answers (docs/PERFORMANCE.md "Scale"). An attribute a view starts to show must be added here; the
 * integration tests compare the list's monitors with GET's, which reads whole items.
 */
export const MONITOR_VIEW_ATTRIBUTES = [
  // pairing
  'entity',
  'id',
  'monitor_id',
  // the monitor item
  'name',
  'url',
  'status',
  'check_interval',
  'timeout',
  'slow_threshold_ms',
  'latest_incident',
  'channel_ids',
  'alert_rules',
  'operator_hold',
  'plan_interval_change',
  'created_at',
  'check_options',
  'target',
  // the state item
  'is_up',
  'response_time',
  'last_checked',
  'open_hour',
  'closing_hour',
  'last_ping_at',
  'last_ping_failed',
  'maintenance',
  // the day item
  'hours',
  // the certificate item
  'validTo',
  'validFrom',
  'issuer',
  'subject',
  'valid',
  'error',
  'checked_at',
] as const;

/** MONITOR_VIEW_ATTRIBUTES as a query's projection (every name aliased: several are reserved words). */
export const monitorViewProjection = (): { ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> } => ({
  ProjectionExpression: MONITOR_VIEW_ATTRIBUTES.map((_name, i) => `#v${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(MONITOR_VIEW_ATTRIBUTES.map((name, i) => [`#v${i}`, name])),
});

/** One monitor of a user and its state, read consistently; null when the user has no such monitor. */
export const getMonitorItems = async (userId: string, monitorId: string): Promise<MonitorItems | null> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': monitorItemsPrefix(monitorId) },
    ConsistentRead: true,
  });
  return pairWithState(items)[0] ?? null;
};

/** The open hour as stored in a state item (`open_hour`), or null. */
export const toOpenHour = (value: unknown): HourlyRollup | null => {
  if (!value || typeof value !== 'object') return null;
  const open = value as Record<string, unknown>;
  return {
    hour: String(open.hour),
    checks: Number(open.checks ?? 0),
    ups: Number(open.ups ?? 0),
    responseTimeSumMs: Number(open.responseTimeSumMs ?? 0),
    responseTimeCount: Number(open.responseTimeCount ?? 0),
    ...(open.maintenance ? { maintenance: Number(open.maintenance) } : {}),
  };
};

/** The hours a state item holds that are not in ROLLUP items yet (rollups.ts `UnclosedHours`). */
export const toUnclosedHours = (state: Record<string, unknown> | undefined): UnclosedHours => ({
  open: toOpenHour(state?.open_hour),
  closing: toOpenHour(state?.closing_hour),
});

/**
 * How getManyMonitorItems, getMonitorsForChecks and the result processor's kept states
 * (kept-states.ts) name one monitor: the same key in all of them, or a kept state is never found.
 */
export const monitorMapKey = (userId: string, monitorId: string): string => `${userId}#${monitorId}`;

/** BatchGetItem takes at most 100 keys. */
const KEYS_PER_BATCH_GET = 100;

/**
 * Many monitors with their state items (keys.ts 6, 8c) in as few calls as BatchGetItem allows: the
 * result processor reads every round of a pack this way instead of one query per round. Eventually
 * consistent (half the read units): the caller's compare-and-swap on `last_round` catches a stale
 * state, and it then re-reads consistently. Monitors that do not exist are absent from the map
 * (key `user#monitor`). `withoutState` names the monitors whose state item the caller already
 * knows: only their monitor item is read, and their `state` is absent.
 */
export const getManyMonitorItems = async (
  monitors: readonly { userId: string; monitorId: string }[],
  opts: { withoutState?: (key: string) => boolean } = {},
): Promise<Map<string, MonitorItems>> => {
  const found = new Map<string, MonitorItems>();
  const allKeys = [...new Map(monitors.map((m) => [monitorMapKey(m.userId, m.monitorId), m])).entries()].flatMap(([key, { userId, monitorId }]) =>
    opts.withoutState?.(key) ? [monitorKey(userId, monitorId)] : [monitorKey(userId, monitorId), monitorStateKey(userId, monitorId)],
  );
  // A monitor's two keys may fall into two calls: they are paired once every call answered.
  const items: TableItem[] = [];
  for (let i = 0; i < allKeys.length; i += KEYS_PER_BATCH_GET) {
    let keys: Record<string, unknown>[] = allKeys.slice(i, i + KEYS_PER_BATCH_GET).map((key) => ({ ...key }));
    for (let attempt = 0; keys.length && attempt < 10; attempt++) {
      const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: false } } }));
      items.push(...(answer.Responses?.[tableName()] ?? []));
      keys = answer.UnprocessedKeys?.[tableName()]?.Keys ?? [];
      if (keys.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    }
    if (keys.length) throw new Error(`BatchGetItem left ${keys.length} keys unprocessed`);
  }
  for (const pair of pairWithState(items)) found.set(monitorMapKey(String(pair.monitor.user_id ?? ''), String(pair.monitor.id)), pair);
  return found;
};

/** A monitor item's request options and assertions (`check_options`, secrets sealed); undefined for a plain check. */
export const storedCheckOptions = (item: Record<string, unknown>): CheckOptions | undefined =>
  item.check_options && typeof item.check_options === 'object' ? (item.check_options as CheckOptions) : undefined;

/** The response time a check of this monitor must beat: its slow threshold or max_response_time_ms. */
export const storedSlowThresholdMs = (item: Record<string, unknown>): number =>
  effectiveSlowThresholdMs(Number(item.slow_threshold_ms ?? DEFAULT_SLOW_THRESHOLD_MS), storedCheckOptions(item));

/** A monitor item's non-HTTP target (`target`, shared/monitors/monitor-types.ts); undefined for http. */
export const storedTarget = (item: Record<string, unknown>): MonitorTarget | undefined =>
  item.target && typeof item.target === 'object' ? (item.target as MonitorTarget) : undefined;

/**
 * The attributes of a monitor item that name its items outside its owner's partitions, for a read
 * that feeds `monitorLookupKeys` (a projection must ask for all of them).
 */
export const MONITOR_LOOKUP_ATTRIBUTES = ['entity', 'target', 'badge_token'] as const;

/**
 * A monitor's items outside its owner's partitions, from its monitor item: a heartbeat's
 * push-secret lookup (keys.ts 39) and its badge token's lookup (keys.ts 53).
 */
export const monitorLookupKeys = (item: Record<string, unknown>): ItemKey[] => {
  const target = storedTarget(item);
  const badgeToken = storedBadgeToken(item);
  return [...(target?.type === 'heartbeat' ? [heartbeatKey(target.token)] : []), ...(badgeToken ? [badgeKey(badgeToken)] : [])];
};

/**
 * The deletes that go with a monitor item's own (conditional) delete, in its transaction: the
 * monitor's other items in its owner's partition (keys.ts monitorCompanionKeys) and its lookup items
 * outside it, read from the monitor item. Deleting a monitor and erasing an account read the same two lists.
 */
export const monitorCompanionDeletes = (userId: string, monitorId: string, item: Record<string, unknown>) =>
  [...monitorCompanionKeys(userId, monitorId), ...monitorLookupKeys(item)].map((Key) => ({ Delete: { Key } }));

/**
 * The type fields of a monitor as the API shows them. The last ping is in the state item (the push
 * route writes it there, heartbeat-repository.ts); the push URL is on the API's origin (APP_URL).
 */
export const typeViewOf = (item: Record<string, unknown>, state: Record<string, unknown> | undefined): MonitorTypeView => {
  const target = storedTarget(item);
  return monitorTypeView(target, {
    appUrl: target?.type === 'heartbeat' ? config().appUrl : '',
    lastPingAt: typeof state?.last_ping_at === 'string' ? state.last_ping_at : null,
    lastPingFailed: typeof state?.last_ping_failed === 'boolean' ? state.last_ping_failed : null,
  });
};

/**
 * An operator's hold as the monitor's views show it (docs/admin.md "Monitor holds"): only while it
 * holds, i.e. the monitor is still disabled (or paused) as the operator left it; an owner who
 * resumed an operator's pause has ended it.
 */
/** The maintenance window a monitor is in (its state item's stamp), as its views show it; nothing when none. */
export const maintenanceView = (state: Record<string, unknown> | undefined): { maintenance?: MonitorMaintenance } => {
  const stamp = toMaintenanceStamp(state?.maintenance);
  return stamp ? { maintenance: { window_id: stamp.window_id, until: stamp.until, mode: stamp.mode } } : {};
};

export const heldView = (item: Record<string, unknown>): { operator_hold?: OperatorHold } => {
  const hold = item.operator_hold as OperatorHold | undefined;
  if (!hold || typeof hold !== 'object') return {};
  const holds = (hold.action === 'disable' && item.status === 'disabled') || (hold.action === 'pause' && item.status === 'paused');
  return holds ? { operator_hold: { action: hold.action, reason: String(hold.reason), at: String(hold.at) } } : {};
};
