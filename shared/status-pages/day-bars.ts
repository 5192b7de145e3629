import type { ImpactLevel } from '../incidents/updates.js';
import type { PublicDay } from './public-page.js';
import { IMPACT_STATE, worstOf } from './page-state.js';

/**
 * The 90 daily bars of a component (docs/status-pages.md "The public page", "Daily bars"): one per
 * UTC day, oldest first, from the monitor's daily rollups (the closed hours of the day summed, plus
 * the hour still open today).
 */
export const BAR_DAYS = 90;

const DAY_MS = 86_400_000;

/** A UTC day as `YYYY-MM-DD`. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** The `count` UTC days ending with the day of `now`, oldest first. */
export const lastUtcDays = (now: Date, count = BAR_DAYS): string[] => {
  const today = dayStart(utcDay(now));
  return Array.from({ length: count }, (_, i) => utcDay(new Date(today - (count - 1 - i) * DAY_MS)));
};

/**
 * A day's counters as stored (the hourly rollup's numeric attributes, summed): `checks` and `ups`
 * are the decided rounds that count for uptime; `maintenance` the rounds decided inside a
 * maintenance window, counted there instead of in `checks`, so `ups / checks` leaves the windows
 * out by construction.
 */
export type DayCounters = Readonly<Record<string, number>>;

/** The counter of rounds inside maintenance windows (docs/status-pages.md "Daily bars"). */
export const MAINTENANCE_COUNTER = 'maintenance';

/**
 * The counter of minutes a maintenance window covered the monitor that day, rounds or none (a
 * pause_checks window has no rounds): the boundary job adds an occurrence's minutes to each day it
 * touched when it ends the occurrence, and the page adds a running one's minutes so far
 * (docs/status-pages.md "Daily bars").
 */
export const MAINTENANCE_MINUTES_COUNTER = 'maintenance_minutes';

const MINUTE_MS = 60_000;

/**
 * The whole minutes of [from, to) in each UTC day it touches, in order; nothing for an empty or
 * backwards range. A day's minutes are rounded up, so a few seconds of maintenance still count.
 */
export const minutesByUtcDay = (from: Date, to: Date): { day: string; minutes: number }[] => {
  const days: { day: string; minutes: number }[] = [];
  for (let start = from.getTime(); start < to.getTime(); ) {
    const day = utcDay(new Date(start));
    const end = Math.min(to.getTime(), dayStart(day) + DAY_MS);
    days.push({ day, minutes: Math.ceil((end - start) / MINUTE_MS) });
    start = end;
  }
  return days;
};

/** Adds counters name by name (every numeric counter, so one added later flows through). */
export const addCounters = (a: DayCounters, b: DayCounters): Record<string, number> => {
  const sum: Record<string, number> = { ...a };
  for (const [name, value] of Object.entries(b)) sum[name] = (sum[name] ?? 0) + value;
  return sum;
};

/** Uptime in percent over the rounds that count (maintenance is not among them); null when none were counted. */
export const uptimeOf = (counters: DayCounters): number | null => {
  const checks = counters.checks ?? 0;
  return checks > 0 ? ((counters.ups ?? 0) / checks) * 100 : null;
};

/** An incident as the bars see it: when it ran, and how hard it hit this component. */
export interface BarIncident {
  id: string;
  title: string;
  started_at: string;
  resolved_at: string | null;
  impact: ImpactLevel;
}

const touchesDay = (incident: BarIncident, day: string, now: Date): boolean => {
  const from = dayStart(day);
  const end = incident.resolved_at ? Date.parse(incident.resolved_at) : now.getTime();
  return Date.parse(incident.started_at) < from + DAY_MS && end >= from;
};

/**
 * One day's bar: its uptime, the incidents that touched it, and its colour, the worst thing that
 * happened: an incident's impact, else maintenance (rounds in a window, or minutes a window
 * covered, checked or not), else operational; a day nobody checked, no window covered and no
 * incident touched is "no data".
 */
export const dayBar = (day: string, counters: DayCounters | undefined, incidents: readonly BarIncident[], now: Date): PublicDay => {
  const touching = incidents.filter((incident) => touchesDay(incident, day, now));
  const uptime = counters ? uptimeOf(counters) : null;
  const inMaintenance = (counters?.[MAINTENANCE_COUNTER] ?? 0) > 0 || (counters?.[MAINTENANCE_MINUTES_COUNTER] ?? 0) > 0;
  let state: PublicDay['state'];
  if (touching.length) state = worstOf(touching.map((incident) => IMPACT_STATE[incident.impact]), 'degraded');
  else if (inMaintenance) state = 'maintenance';
  else state = uptime === null ? 'no_data' : 'operational';
  return { date: day, uptime, state, incidents: touching.map(({ id, title }) => ({ id, title })) };
};

/** The component's bars over the last 90 UTC days and its uptime over them (null before any data). */
export const componentBars = (
  countersByDay: ReadonlyMap<string, DayCounters>,
  incidents: readonly BarIncident[],
  now: Date,
): { days: PublicDay[]; uptime_90d: number | null } => {
  const days = lastUtcDays(now);
  const total = days.reduce<DayCounters>((sum, day) => addCounters(sum, countersByDay.get(day) ?? {}), {});
  return { days: days.map((day) => dayBar(day, countersByDay.get(day), incidents, now)), uptime_90d: uptimeOf(total) };
};
