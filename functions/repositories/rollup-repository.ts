import type { HourlyRollup } from '../../shared/checks/rollups.js';
import { ROLLUP_SK_PREFIX, rollupKey } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';

/**
 * Reading a monitor's hourly rollups (access pattern 11): the closed hours, one item each. The
 * result processor writes them (monitor-check-state-repository.ts); the hour still being counted
 * (and, for a few minutes into the next, the hour before it) is in the monitor's state item, not here (rollups.ts `withOpenHours` merges them).
 */

// The items carry no hour attribute: it is the sort key's suffix.
const toHourlyRollup = (item: Record<string, unknown>): HourlyRollup => ({
  hour: String(item.SK).slice(ROLLUP_SK_PREFIX.length),
  checks: Number(item.checks ?? 0),
  ups: Number(item.ups ?? 0),
  responseTimeSumMs: Number(item.response_time_sum_ms ?? 0),
  responseTimeCount: Number(item.response_time_count ?? 0),
  ...(item.maintenance ? { maintenance: Number(item.maintenance) } : {}),
});

/** The closed hours of a monitor from `fromHour` to `toHour` (both `YYYY-MM-DDTHH`, inclusive), oldest first. */
export const listHourlyRollups = async (monitorId: string, fromHour: string, toHour: string): Promise<HourlyRollup[]> => {
  const from = rollupKey(monitorId, fromHour);
  const to = rollupKey(monitorId, toHour);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': from.PK, ':from': from.SK, ':to': to.SK },
  });
  return items.map(toHourlyRollup);
};
