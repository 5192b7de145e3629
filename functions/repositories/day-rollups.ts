import { hourBucketStart } from '../../shared/checks/rollups.js';
import { dayStart, MAINTENANCE_MINUTES_COUNTER } from '../../shared/status-pages/day-bars.js';
import { DAY_ROLLUP_SK_PREFIX, dayRollupKey, ENTITY, MONITOR_LIST_PARTITION, ROLLUP_SK_PREFIX, monitorPartition } from '../../shared/table/keys.js';
import { LATENCY_ATTRIBUTE } from './latency-items.js';
import { queryAll, type TableItem } from './query-all.js';
import * as table from './table-commands.js';
import { writeIfAllowed, type TableTransactItem } from './table.js';

/**
 * A monitor's daily rollups (keys.ts 52; docs/status-pages.md "Daily rollups"): one item per UTC
 * day, the sum of the day's closed hourly rollups (keys.ts 11), so the status page's 90 bars are
 * one Query. Each day item also keeps the set of its hours (`hours`, `HH` strings), so an hour is
 * never counted twice: the result processor adds an hour once, when it closes it (in the round's
 * transaction), and the backfill adds only hours the set lacks.
 */

/** Every counter of a stored rollup: its numeric attributes but the TTL, whatever counters it has. */
export const rollupCounters = (item: TableItem): Record<string, number> =>
  Object.fromEntries(Object.entries(item).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[0] !== 'expires_at'));

/** The `HH` of an hour bucket `YYYY-MM-DDTHH`, as the day item's set holds it. */
const hourOfDay = (hour: string): string => hour.slice(11, 13);

/** When a day's item expires: the owner's retention from the day's start, as an hour's rollup does from the hour's. */
const dayExpiry = (hour: string, hourExpiresAt: number): number => hourExpiresAt - (hourBucketStart(hour) - dayStart(hour.slice(0, 10))) / 1000;

/**
 * Adds counters of hours to their day (an UpdateItem: ADD each counter and the hours to the set).
 * `unlessHours`: the write is made only while the day's set still has that many hours (the
 * backfill's read), so a concurrent close is never lost or doubled; undefined: unconditional (the
 * processor's, inside the round's compare-and-swap, which closes each hour once).
 */
const dayAddUpdate = (
  monitorId: string,
  day: string,
  hours: readonly string[],
  counters: Readonly<Record<string, number>>,
  expiresAt: number | null,
  unlessHours?: number,
  latency?: string,
) => {
  const names = Object.keys(counters);
  const values: Record<string, unknown> = { ':entity': ENTITY.dayRollup, ':monitor': monitorId, ':hours': new Set(hours) };
  names.forEach((name, i) => (values[`:c${i}`] = counters[name]));
  const sets = ['entity = :entity', 'monitor_id = :monitor'];
  if (expiresAt !== null) {
    sets.push('expires_at = :expires');
    values[':expires'] = expiresAt;
  }
  const latencyName: Record<string, string> = {};
  if (latency) {
    sets.push('#latency = :latency');
    values[':latency'] = latency;
    latencyName['#latency'] = LATENCY_ATTRIBUTE;
  }
  let condition: string | undefined;
  if (unlessHours !== undefined) {
    condition = unlessHours === 0 ? 'attribute_not_exists(#hours)' : 'size(#hours) = :seen';
    if (unlessHours) values[':seen'] = unlessHours;
  }
  return {
    Key: dayRollupKey(monitorId, day),
    UpdateExpression: `SET ${sets.join(', ')} ADD #hours :hours${names.map((_, i) => `, #c${i} :c${i}`).join('')}`,
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: { '#hours': 'hours', ...latencyName, ...Object.fromEntries(names.map((name, i) => [`#c${i}`, name])) },
    ExpressionAttributeValues: values,
  };
};

/**
 * The closed hour's share of its day, for the round's transaction: every counter its rollup item
 * stores (`closedHourItem`), so a counter added to the hourly rollup later flows into the day, and
 * the day's response-time histograms with the hour's added (`latency`, latency-items.ts), when it had any.
 */
export const dayRollupOfClosedHour = (monitorId: string, closedHourItem: TableTransactItem, latency?: string): TableTransactItem[] => {
  if (!('Put' in closedHourItem)) return [];
  const item = closedHourItem.Put.Item as TableItem;
  const hour = String(item.SK).slice(ROLLUP_SK_PREFIX.length);
  const expiresAt = typeof item.expires_at === 'number' ? dayExpiry(hour, item.expires_at) : null;
  return [{ Update: dayAddUpdate(monitorId, hour.slice(0, 10), [hourOfDay(hour)], rollupCounters(item), expiresAt, undefined, latency) }];
};

/**
 * Adds the minutes a maintenance occurrence covered the monitor on one day to the day's item
 * (docs/status-pages.md "Daily bars"), for the boundary job's transaction that ends the occurrence's
 * stamp (so it is added once). Its hours set is left alone: these minutes are no hour's. A day
 * without rounds gets its item here, expiring by the owner's retention like the rest.
 */
export const dayMaintenanceMinutes = (monitorId: string, day: string, minutes: number, expiresAt: number): TableTransactItem => ({
  Update: {
    Key: dayRollupKey(monitorId, day),
    UpdateExpression: 'SET entity = :entity, monitor_id = :monitor, expires_at = if_not_exists(expires_at, :expires) ADD #minutes :minutes',
    ExpressionAttributeNames: { '#minutes': MAINTENANCE_MINUTES_COUNTER },
    ExpressionAttributeValues: { ':entity': ENTITY.dayRollup, ':monitor': monitorId, ':expires': expiresAt, ':minutes': minutes },
  },
});

/** Every monitor that exists, by id (keys.ts 7): what the backfill walks. */
export const listAllMonitorIds = async (): Promise<string[]> => {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ProjectionExpression: 'id',
    ExpressionAttributeValues: { ':pk': MONITOR_LIST_PARTITION },
  });
  return items.map((item) => String(item.id));
};

/** A monitor's closed hourly rollups as stored, oldest first (keys.ts 11). */
export const listStoredHourlyRollups = (monitorId: string): Promise<TableItem[]> =>
  queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': monitorPartition(monitorId), ':prefix': ROLLUP_SK_PREFIX },
    ConsistentRead: true,
  });

/** The hours (`HH`) a monitor's day items already count, by day. */
export const listCountedHours = async (monitorId: string): Promise<Map<string, Set<string>>> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: 'SK, #hours',
    ExpressionAttributeNames: { '#hours': 'hours' },
    ExpressionAttributeValues: { ':pk': monitorPartition(monitorId), ':prefix': DAY_ROLLUP_SK_PREFIX },
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [String(item.SK).slice(DAY_ROLLUP_SK_PREFIX.length), new Set(item.hours instanceof Set ? [...(item.hours as Set<string>)] : [])]));
};

/**
 * Adds hours the day does not count yet; false when the day's set changed since it was read with
 * `seenHours` hours (a round closed an hour meanwhile): read again and retry.
 */
export const addHoursToDay = (
  monitorId: string,
  day: string,
  hours: readonly TableItem[],
  seenHours: number,
): Promise<boolean> => {
  let counters: Record<string, number> = {};
  for (const hour of hours) {
    for (const [name, value] of Object.entries(rollupCounters(hour))) counters = { ...counters, [name]: (counters[name] ?? 0) + value };
  }
  const first = hours[0]!;
  const firstHour = String(first.SK).slice(ROLLUP_SK_PREFIX.length);
  const expiresAt = typeof first.expires_at === 'number' ? dayExpiry(firstHour, first.expires_at) : null;
  const hourNames = hours.map((hour) => hourOfDay(String(hour.SK).slice(ROLLUP_SK_PREFIX.length)));
  return writeIfAllowed(table.update(dayAddUpdate(monitorId, day, hourNames, counters, expiresAt, seenHours)));
};
