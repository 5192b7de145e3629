import type { Options } from 'rrule';
import { RRule } from './rrule-module.js';

/**
 * Maintenance windows (docs/maintenance.md "The model"): times the owner plans work on their
 * monitors. This module is the one place that says WHEN a window is on; what a window does while
 * it is on is docs/maintenance.md "What a window does".
 */
export const MAINTENANCE_MODES = ['mute_alerts', 'pause_checks'] as const;
export type MaintenanceMode = (typeof MAINTENANCE_MODES)[number];
/** Keep checking and mute alerts unless the owner chooses otherwise: the uptime record stays whole. */
export const DEFAULT_MAINTENANCE_MODE: MaintenanceMode = 'mute_alerts';

/** A window as stored and as the API answers it (without the computed fields). */
export interface MaintenanceWindow {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  /** IANA zone the wall-clock times below are read in, e.g. 'Asia/Kolkata'. */
  timezone: string;
  /** Local wall-clock 'YYYY-MM-DDTHH:mm' of the first occurrence. */
  starts_at: string;
  /** Local wall-clock end of the first occurrence (after starts_at). */
  ends_at: string;
  /** RFC 5545 RRULE body without DTSTART, e.g. 'FREQ=WEEKLY;BYDAY=SU'; null: one-off. */
  rrule: string | null;
  /** The monitors it covers. */
  monitor_ids: string[];
  /** Set when chosen as "a whole page": the page's monitors at evaluation time once status pages land. */
  status_page_id: string | null;
  mode: MaintenanceMode;
  created_at: string;
  updated_at: string;
}

/** One concrete run of a window; both instants ISO UTC. */
export interface MaintenanceOccurrence {
  window_id: string;
  starts_at: string;
  ends_at: string;
}

/** The window fields that decide its occurrences (what the engine reads; validation reuses it). */
export type MaintenanceSchedule = Pick<MaintenanceWindow, 'id' | 'timezone' | 'starts_at' | 'ends_at' | 'rrule'>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Further than any zone's offset from UTC (-12 h .. +14 h), with room: bounds the floating-time search. */
const MAX_OFFSET_MS = 15 * HOUR_MS;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A local wall-clock 'YYYY-MM-DDTHH:mm' as a "floating" instant: the same digits read as UTC.
 * Null when the text is not such a time or names a day that does not exist (2026-02-30).
 */
export function parseWallClock(text: string): number | null {
  const match = WALL_CLOCK.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return null;
  const floating = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(floating);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return floating;
}

/** A floating instant written back as 'YYYY-MM-DDTHH:mm'. */
export function formatWallClock(floating: number): string {
  return new Date(floating).toISOString().slice(0, 16);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows `timeZone` as an IANA zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in ms (local minus UTC), from Intl. */
function offsetAt(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The UTC instant a local wall-clock time (as a floating instant) names in `timeZone`
 * (docs/maintenance.md "Recurrence and daylight saving"): in the repeated hour of a fall-back the
 * first of the two; in the skipped hour of a spring-forward the next valid local time, the
 * instant the clocks jump.
 */
export function wallClockToUtc(floating: number, timeZone: string): number {
  const before = offsetAt(timeZone, floating - DAY_MS);
  const after = offsetAt(timeZone, floating + DAY_MS);
  const candidates = [...new Set([floating - before, floating - after])].sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (candidate + offsetAt(timeZone, candidate) === floating) return candidate;
  }
  // The time falls in a gap: find the first instant carrying the later offset.
  let low = Math.min(...candidates);
  let high = Math.max(...candidates);
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(timeZone, middle) === after) high = middle;
    else low = middle;
  }
  return high;
}

const rules = new Map<string, RRule>();
const RULE_CACHE_MAX = 500;

/** The rule text without a leading 'RRULE:' (people paste either form). */
export function ruleBody(rrule: string): string {
  return rrule.trim().replace(/^RRULE:/i, '');
}

/**
 * The window's rule expanded in floating local time from its first start. UNTIL is read as a local
 * wall-clock time in the window's zone, like the start. Throws when the rule does not parse.
 */
export function floatingRule(rrule: string, startsAt: string): RRule {
  const key = `${startsAt}|${rrule}`;
  const cached = rules.get(key);
  if (cached) return cached;
  const dtstart = parseWallClock(startsAt);
  if (dtstart === null) throw new Error(`Not a local date and time: ${startsAt}`);
  const parsed: Partial<Options> = RRule.parseString(ruleBody(rrule));
  if (parsed.freq === undefined) throw new Error('The rule has no FREQ');
  const rule = new RRule({ ...parsed, dtstart: new Date(dtstart), tzid: null });
  if (rules.size >= RULE_CACHE_MAX) rules.clear();
  rules.set(key, rule);
  return rule;
}

/** One period of the rule's frequency, for the frequencies a start can be moved by without changing the series. */
const PERIOD_MS: Partial<Record<number, number>> = {
  [RRule.WEEKLY]: 7 * DAY_MS,
  [RRule.DAILY]: DAY_MS,
  [RRule.HOURLY]: HOUR_MS,
  [RRule.MINUTELY]: MINUTE_MS,
  [RRule.SECONDLY]: 1000,
};

/**
 * The rule to expand from `afterFloating` on. `rrule` walks every occurrence from the start, so an
 * hourly window started years ago would cost thousands of steps per question; without COUNT the
 * start moves forward by whole periods (same weekday, same time of day, same phase of INTERVAL),
 * which yields the very same occurrences from there on.
 */
function ruleNear(rrule: string, startsAt: string, afterFloating: number): RRule {
  const rule = floatingRule(rrule, startsAt);
  const { freq, interval, count, dtstart } = rule.origOptions;
  const period = freq === undefined ? undefined : PERIOD_MS[freq];
  if (period === undefined || count != null || !dtstart) return rule;
  const step = period * Math.max(1, interval ?? 1);
  const periods = Math.floor((afterFloating - dtstart.getTime()) / step) - 1;
  if (periods < 2) return rule;
  return new RRule({ ...rule.origOptions, dtstart: new Date(dtstart.getTime() + periods * step) }, true);
}

/** Length of one occurrence in wall-clock ms (each occurrence ends at its local end time). */
function wallLength(window: MaintenanceSchedule): number {
  const start = parseWallClock(window.starts_at);
  const end = parseWallClock(window.ends_at);
  if (start === null || end === null) throw new Error('A maintenance window needs local start and end times');
  return end - start;
}

function occurrenceAt(window: MaintenanceSchedule, floatingStart: number, length: number): MaintenanceOccurrence {
  const start = wallClockToUtc(floatingStart, window.timezone);
  let end = wallClockToUtc(floatingStart + length, window.timezone);
  // Both ends inside one skipped hour would leave nothing: keep the planned length instead.
  if (end <= start) end = start + length;
  return { window_id: window.id, starts_at: new Date(start).toISOString(), ends_at: new Date(end).toISOString() };
}

/** Occurrences overlapping [from, to), in order; each starts at the local wall-clock time in the window's zone (right across DST). */
export function occurrencesBetween(window: MaintenanceSchedule, from: Date, to: Date): MaintenanceOccurrence[] {
  const length = wallLength(window);
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (!(toMs > fromMs)) return [];
  let starts: number[];
  if (window.rrule === null) {
    starts = [parseWallClock(window.starts_at)!];
  } else {
    const after = new Date(fromMs - length - MAX_OFFSET_MS - HOUR_MS);
    const before = new Date(toMs + MAX_OFFSET_MS + HOUR_MS);
    const rule = ruleNear(window.rrule, window.starts_at, after.getTime());
    starts = rule.between(after, before, true).map((date) => date.getTime());
  }
  return starts
    .map((floating) => occurrenceAt(window, floating, length))
    .filter((occurrence) => Date.parse(occurrence.starts_at) < toMs && Date.parse(occurrence.ends_at) > fromMs)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}

/** The occurrence covering `at`, or null. */
export function activeOccurrence(window: MaintenanceSchedule, at: Date): MaintenanceOccurrence | null {
  const atMs = at.getTime();
  const covering = occurrencesBetween(window, at, new Date(atMs + 1)).filter(
    (occurrence) => Date.parse(occurrence.starts_at) <= atMs && atMs < Date.parse(occurrence.ends_at),
  );
  return covering[0] ?? null;
}

/**
 * The next `count` occurrences that have not ended by `from` (the running one first), for the
 * API's `next_occurrences` and the screens. Walks the rule lazily, so a long rule costs little.
 */
export function nextOccurrences(window: MaintenanceSchedule, from: Date, count: number): MaintenanceOccurrence[] {
  const length = wallLength(window);
  const fromMs = from.getTime();
  if (window.rrule === null) {
    const only = occurrenceAt(window, parseWallClock(window.starts_at)!, length);
    return Date.parse(only.ends_at) > fromMs && count > 0 ? [only] : [];
  }
  const after = fromMs - length - MAX_OFFSET_MS - HOUR_MS;
  const rule = ruleNear(window.rrule, window.starts_at, after);
  const found: MaintenanceOccurrence[] = [];
  rule.between(new Date(after), new Date(fromMs + 50 * 366 * DAY_MS), true, (date) => {
    const occurrence = occurrenceAt(window, date.getTime(), length);
    if (Date.parse(occurrence.ends_at) > fromMs) found.push(occurrence);
    return found.length < count;
  });
  return found.sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}
