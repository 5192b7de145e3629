import { ROLLUP_SK_PREFIX } from '../../../shared/table/keys.js';
import { addHoursToDay, listAllMonitorIds, listCountedHours, listStoredHourlyRollups } from '../../repositories/day-rollups.js';
import type { TableItem } from '../../repositories/query-all.js';

/** Tries per day before giving up on it for this run (a busy monitor closes an hour at most once an hour). */
const ATTEMPTS = 3;

export interface BackfillSummary {
  monitors: number;
  /** Days that got hours they lacked. */
  daysWritten: number;
  /** Hours added to their days. */
  hoursAdded: number;
}

const dayOf = (item: TableItem): string => String(item.SK).slice(ROLLUP_SK_PREFIX.length, ROLLUP_SK_PREFIX.length + 10);
const hourOf = (item: TableItem): string => String(item.SK).slice(ROLLUP_SK_PREFIX.length + 11, ROLLUP_SK_PREFIX.length + 13);

/** One monitor's days: each day gets the closed hours it does not count yet. */
export const backfillMonitorDays = async (monitorId: string): Promise<{ days: number; hours: number }> => {
  const byDay = new Map<string, TableItem[]>();
  for (const hour of await listStoredHourlyRollups(monitorId)) byDay.set(dayOf(hour), [...(byDay.get(dayOf(hour)) ?? []), hour]);
  const done = { days: 0, hours: 0 };
  let countedByDay = byDay.size ? await listCountedHours(monitorId) : new Map<string, Set<string>>();
  for (const [day, hours] of byDay) {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      // A day that changed since it was read is read again.
      if (attempt > 1) countedByDay = await listCountedHours(monitorId);
      const counted = countedByDay.get(day) ?? new Set<string>();
      const missing = hours.filter((hour) => !counted.has(hourOf(hour)));
      if (!missing.length) break;
      if (await addHoursToDay(monitorId, day, missing, counted.size)) {
        done.days++;
        done.hours += missing.length;
        break;
      }
    }
  }
  return done;
};

/**
 * Builds the daily rollups (keys.ts 52) of every monitor from its closed hourly rollups (keys.ts 11),
 * for the hours closed before the result processor wrote day items (docs/operations.md "Backfill the
 * daily rollups"). Idempotent and safe beside a running pipeline: a day item keeps the set of hours
 * it counts, and an hour is added only while the set is as it was read, so running it again, or
 * while rounds close hours, counts every hour exactly once.
 */
export const backfillDayRollups = async (opts: { log?: (line: string) => void } = {}): Promise<BackfillSummary> => {
  const summary: BackfillSummary = { monitors: 0, daysWritten: 0, hoursAdded: 0 };
  for (const monitorId of await listAllMonitorIds()) {
    const done = await backfillMonitorDays(monitorId);
    summary.monitors++;
    summary.daysWritten += done.days;
    summary.hoursAdded += done.hours;
    if (done.days) opts.log?.(`${monitorId}: ${done.hours} hours into ${done.days} days`);
  }
  return summary;
};
