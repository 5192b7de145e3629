import { DEFAULT_SLOW_THRESHOLD_MS } from '../../shared/checks/dispatch.js';
import { decodeDayHours, unclosedList, type HourlyRollup } from '../../shared/checks/rollups.js';
import { checkOptionsView, type CheckOptions } from '../../shared/monitors/check-options.js';
import { monitorSslView } from '../../shared/monitors/monitor-ssl.js';
import type { Monitor, MonitorStatus, PlanIntervalChange } from '../../shared/monitors/schemas.js';
import { MONITOR_DAY_SK_PREFIX, MONITOR_SK_PREFIX, userMonitorsPartition } from '../../shared/table/keys.js';
import { judgedFromPings, type MonitorTarget } from '../../shared/monitors/monitor-types.js';
import {
  getMonitorItems,
  heldView,
  maintenanceView,
  monitorViewProjection,
  pairWithState,
  storedCheckOptions,
  storedSlowThresholdMs,
  storedTarget,
  toUnclosedHours,
  typeViewOf,
} from './monitor-items.js';
import { queryAll, type TableItem } from './query-all.js';

/**
 * A user's monitors as the API reads them (patterns 5, 6, 8c-8e): each monitor item with its state,
 * day and certificate items, turned into the API's Monitor. The writes are in monitor-repository.ts.
 */

const nullableNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const nullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// Picks the API fields rather than dropping known storage ones, so attributes added later for the
// check engine never leak into responses. The checked fields come from the state item.
// A heartbeat has no response time (its rounds are judged from the last ping, not timed).
const toMonitor = (item: Record<string, unknown>, state: Record<string, unknown> | undefined, ssl?: Record<string, unknown>): Monitor => ({
  id: String(item.id),
  name: String(item.name),
  url: String(item.url),
  status: item.status as MonitorStatus,
  is_up: typeof state?.is_up === 'boolean' ? state.is_up : null,
  response_time: judgedFromPings(storedTarget(item)) ? null : nullableNumber(state?.response_time),
  check_interval: Number(item.check_interval),
  timeout: Number(item.timeout),
  slow_threshold: Number(item.slow_threshold_ms ?? DEFAULT_SLOW_THRESHOLD_MS) / 1000,
  last_checked: nullableString(state?.last_checked),
  latest_incident: (item.latest_incident as Monitor['latest_incident']) ?? null,
  created_at: String(item.created_at),
  ...checkOptionsView(storedCheckOptions(item)),
  ...typeViewOf(item, state),
  ssl: monitorSslView(ssl),
  channel_ids: Array.isArray(item.channel_ids) ? item.channel_ids.map(String) : null,
  alert_rules: (item.alert_rules as Monitor['alert_rules'] | undefined) ?? null,
  ...heldView(item),
  ...maintenanceView(state),
  ...(item.plan_interval_change ? { plan_interval_change: item.plan_interval_change as PlanIntervalChange } : {}),
});


/**
 * Every monitor item in a user's partition (a user has at most the enterprise cap, 500). `view`:
 * only what the API's views of a monitor read (monitor-items.ts MONITOR_VIEW_ATTRIBUTES).
 */
const queryUserMonitorItems = (userId: string, opts: { newestFirst: boolean; consistent: boolean; view?: boolean }) =>
  queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
    ScanIndexForward: !opts.newestFirst,
    ConsistentRead: opts.consistent,
    ...(opts.view ? monitorViewProjection() : {}),
  });

/** All of a user's monitors, newest first. */
export const listUserMonitors = async (userId: string): Promise<Monitor[]> =>
  pairWithState(await queryUserMonitorItems(userId, { newestFirst: true, consistent: false, view: true })).map(({ monitor: item, state, ssl }) =>
    toMonitor(item, state, ssl),
  );

/**
 * All of a user's monitors, newest first, each with the hours its state item still holds: the one its
 * checks count into, and the one before while it waits to close (rollups.ts `unclosedList`).
 */
export const listUserMonitorsWithOpenHours = async (userId: string): Promise<{ monitor: Monitor; openHours: HourlyRollup[] }[]> =>
  pairWithState(await queryUserMonitorItems(userId, { newestFirst: true, consistent: false, view: true })).map(({ monitor: item, state, ssl }) => ({
    monitor: toMonitor(item, state, ssl),
    openHours: unclosedList(toUnclosedHours(state)),
  }));

/** A user's day items (keys.ts 8d), by monitor id. */
const queryUserDayItems = async (userId: string): Promise<Map<string, TableItem>> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_DAY_SK_PREFIX },
  });
  return new Map(items.map((item) => [String(item.monitor_id), item]));
};

/**
 * All of a user's monitors with what the dashboard's uptime needs: the unclosed hours (state item) and
 * the closed hours of the last day (day item, keys.ts 8d), read side by side with the monitors.
 * `dayHours` is null for a monitor without a day item yet (its closed hours are in its rollup
 * items only); `checked` says whether it has any state at all. A day item still under its old key
 * (inside the MONITOR# range) comes with the monitors' query and is used until it is rebuilt.
 */
export const listUserMonitorsWithDayHours = async (
  userId: string,
): Promise<{ monitor: Monitor; openHours: HourlyRollup[]; dayHours: HourlyRollup[] | null; checked: boolean }[]> => {
  const [items, days] = await Promise.all([queryUserMonitorItems(userId, { newestFirst: true, consistent: false, view: true }), queryUserDayItems(userId)]);
  return pairWithState(items).map(({ monitor: item, state, day: legacyDay, ssl }) => {
    const day = days.get(String(item.id)) ?? legacyDay;
    return {
      monitor: toMonitor(item, state, ssl),
      openHours: unclosedList(toUnclosedHours(state)),
      dayHours: day ? decodeDayHours(typeof day.hours === 'string' ? day.hours : '') : null,
      checked: state !== undefined,
    };
  });
};

/** What a force check needs of a monitor: how to check it and which round it last applied. */
export interface MonitorCheckTarget {
  id: string;
  url: string;
  status: MonitorStatus;
  timeoutSeconds: number;
  slowThresholdMs: number;
  options: CheckOptions | undefined;
  /** The non-HTTP target; undefined for http. */
  target: MonitorTarget | undefined;
  lastRound: string | null;
  lastChecked: string | null;
  /** What the last applied round found; null before the first. */
  isUp: boolean | null;
}

/** All of a user's monitors as check targets, read consistently (force check polls the rounds). */
export const listUserCheckTargets = async (userId: string): Promise<MonitorCheckTarget[]> =>
  pairWithState(await queryUserMonitorItems(userId, { newestFirst: false, consistent: true })).map(({ monitor: item, state }) => ({
    id: String(item.id),
    url: String(item.url),
    status: item.status as MonitorStatus,
    timeoutSeconds: Number(item.timeout),
    slowThresholdMs: storedSlowThresholdMs(item),
    options: storedCheckOptions(item),
    target: storedTarget(item),
    lastRound: nullableString(state?.last_round),
    lastChecked: nullableString(state?.last_checked),
    isUp: typeof state?.is_up === 'boolean' ? state.is_up : null,
  }));

/** One of the user's monitors with its state (consistent); null when the user has no such monitor. */
export const getUserMonitor = async (userId: string, monitorId: string): Promise<Monitor | null> => {
  const items = await getMonitorItems(userId, monitorId);
  return items ? toMonitor(items.monitor, items.state, items.ssl) : null;
};

/** As getUserMonitor, with the stored check options (secrets sealed) an update merges into. */
export const getUserMonitorWithOptions = async (
  userId: string,
  monitorId: string,
): Promise<{ monitor: Monitor; options: CheckOptions | undefined; target: MonitorTarget | undefined } | null> => {
  const items = await getMonitorItems(userId, monitorId);
  return items
    ? { monitor: toMonitor(items.monitor, items.state, items.ssl), options: storedCheckOptions(items.monitor), target: storedTarget(items.monitor) }
    : null;
};
