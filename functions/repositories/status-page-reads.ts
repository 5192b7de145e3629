import { encodeTime } from 'ulid';
import { isIncidentShown } from '../../shared/checks/retention.js';
import type { IncidentUpdate } from '../../shared/incidents/updates.js';
import type { DayCounters } from '../../shared/status-pages/day-bars.js';
import type { SourceIncident } from '../../shared/status-pages/public-page-builder.js';
import {
  DAY_ROLLUP_SK_PREFIX,
  dayRollupKey,
  INCIDENT_SK_PREFIX,
  incidentKey,
  monitorKey,
  monitorStateKey,
  userIncidentsPartition,
} from '../../shared/table/keys.js';
import { batchGetItems, itemKeyId } from './batch-get.js';
import { rollupCounters } from './day-rollups.js';
import { queryAll, type TableItem } from './query-all.js';

/**
 * What the public status page reads besides the page itself (docs/status-pages.md "The public
 * page"): its monitors' items and state items (keys.ts 6, 8c) in one BatchGet, the owner's
 * incidents of the last 90 days (keys.ts 12) in one Query, and each monitor's daily rollups
 * (keys.ts 52) in one Query per component. All eventually consistent (half the read units): the
 * page is cached for 30 s anyway. Each read asks only for the attributes the page uses.
 */

/** A monitor item and its state item, as the page needs them. */
export interface MonitorWithState {
  monitor: TableItem;
  /** Absent before the first round. */
  state: TableItem | undefined;
}

const MONITOR_ATTRIBUTES = ['slow_threshold_ms', 'check_options'];
const STATE_ATTRIBUTES = ['is_up', 'response_time', 'open_hour', 'closing_hour', 'maintenance', 'open_incident'];

/** The page's monitors with their state items, by monitor id; a monitor that is gone is absent. */
export const readPageMonitors = async (userId: string, monitorIds: readonly string[]): Promise<Map<string, MonitorWithState>> => {
  const items = await batchGetItems(
    monitorIds.flatMap((id) => [monitorKey(userId, id), monitorStateKey(userId, id)]),
    [...MONITOR_ATTRIBUTES, ...STATE_ATTRIBUTES],
  );
  const found = new Map<string, MonitorWithState>();
  for (const id of monitorIds) {
    const monitor = items.get(itemKeyId(monitorKey(userId, id)));
    if (monitor) found.set(id, { monitor, state: items.get(itemKeyId(monitorStateKey(userId, id))) });
  }
  return found;
};

const nullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The owner's down and slow incidents recorded since `since` (ids are ULIDs of the round that
 * recorded them, so the time range is a range of the sort key), with their updates.
 */
// `expires_at` and `archived_at`: a page shows what the workspace's retention still shows (docs/product-rules.md "Retention").
const INCIDENT_ATTRIBUTES = ['id', 'monitor_id', 'alert_type', 'status', 'started_at', 'resolved_at', 'updates', 'maintenance_window_id', 'maintenance_until', 'expires_at', 'archived_at'];

const toSourceIncident = (item: TableItem): SourceIncident => ({
  id: String(item.id),
  monitor_id: String(item.monitor_id),
  alert_type: item.alert_type as SourceIncident['alert_type'],
  status: item.status === 'open' ? 'open' : 'resolved',
  started_at: String(item.started_at),
  resolved_at: nullableString(item.resolved_at),
  updates: Array.isArray(item.updates) ? (item.updates as IncidentUpdate[]) : [],
  ...(typeof item.maintenance_window_id === 'string' ? { maintenance_window_id: item.maintenance_window_id } : {}),
  ...(typeof item.maintenance_until === 'string' ? { maintenance_until: item.maintenance_until } : {}),
});

export const readIncidentsSince = async (userId: string, since: Date, now: Date): Promise<SourceIncident[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    FilterExpression: 'alert_type IN (:down, :slow)',
    ProjectionExpression: INCIDENT_ATTRIBUTES.map((_name, i) => `#i${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(INCIDENT_ATTRIBUTES.map((name, i) => [`#i${i}`, name])),
    ExpressionAttributeValues: {
      ':pk': userIncidentsPartition(userId),
      ':from': `${INCIDENT_SK_PREFIX}${encodeTime(since.getTime(), 10)}`,
      // A millisecond after now, and every id of it: 'Z' is the last letter of the ULID alphabet.
      ':to': `${INCIDENT_SK_PREFIX}${encodeTime(now.getTime() + 1, 10)}Z`,
      ':down': 'down',
      ':slow': 'slow',
    },
  });
  return items.filter((item) => isIncidentShown(item, now)).map(toSourceIncident);
};

/** Some of the owner's incidents by id (keys.ts 12, one BatchGet): the open ones recorded before the 90 days. */
export const readIncidentsById = async (userId: string, incidentIds: readonly string[]): Promise<SourceIncident[]> => {
  if (!incidentIds.length) return [];
  const items = await batchGetItems(
    incidentIds.map((id) => incidentKey(userId, id)),
    INCIDENT_ATTRIBUTES,
  );
  const now = new Date();
  return [...items.values()].filter((item) => isIncidentShown(item, now)).map(toSourceIncident);
};

/** A monitor's daily rollups from `fromDay` to `toDay` (`YYYY-MM-DD`, inclusive), by day. */
export const readDayRollups = async (monitorId: string, fromDay: string, toDay: string): Promise<Map<string, DayCounters>> => {
  const from = dayRollupKey(monitorId, fromDay);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': from.PK, ':from': from.SK, ':to': dayRollupKey(monitorId, toDay).SK },
  });
  return new Map(items.map((item) => [String(item.SK).slice(DAY_ROLLUP_SK_PREFIX.length), rollupCounters(item)]));
};
