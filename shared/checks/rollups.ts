import type { QuorumDecision } from './quorum.js';

/**
 * Hourly rollups per monitor (docs/product-rules.md "Dashboard"), one item per monitor and UTC hour, so uptime and
 * average response time over any window read a few dozen small items instead of every check.
 * One decided round counts once, for the monitor as a whole: the quorum verdict, not each region's
 * answer, so a single region's blip is not partial downtime. Rounds without votes add nothing: an
 * hour nobody could check is a gap, and a gap is never "up".
 *
 * Where they live: the hour that is still open is a counter set in the monitor's state item, written
 * with the round's compare-and-swap (so a round is counted exactly once, at no extra write); when a
 * round falls in a later hour, the open hour ends and waits, whole, in the state item as the
 * `closing` hour until the monitor's moment to close it, a few minutes into the new hour
 * (`advanceHours`, `hourCloseDelayMs`), when it goes into its own ROLLUP item. Readers merge the
 * closed hours with the unclosed ones (`withOpenHours`). A round counts in the hour of its round id
 * (its slot time), which only moves forward, so an hour once ended never changes again.
 *
 * Maintenance (docs/maintenance.md "Uptime and maintenance"): a round decided while its monitor is
 * in a maintenance window counts in `maintenance` only, never in `checks`, `ups` or the response
 * time, so every figure computed from `ups / checks` (dashboard, monitor page, reports, export, the
 * status page's daily sums) leaves the window out by construction; an hour spent wholly in
 * maintenance has no checks and is a gap, not downtime.
 */
export interface RollupIncrement {
  checks: number;
  ups: number;
  responseTimeSumMs: number;
  responseTimeCount: number;
  /** Rounds decided inside a maintenance window (counted here instead of in `checks`); absent: 0 (hours counted before it existed). */
  maintenance?: number;
}

export interface HourlyRollup extends RollupIncrement {
  /** `YYYY-MM-DDTHH`, UTC. */
  hour: string;
}

const HOUR_MS = 3_600_000;

/** The UTC hour a time falls in, as `YYYY-MM-DDTHH` (sorts by time as a string). */
export const hourBucket = (date: Date): string => date.toISOString().slice(0, 13);

/** When an hour bucket starts, in epoch milliseconds. */
export const hourBucketStart = (hour: string): number => Date.parse(`${hour}:00:00.000Z`);

/** An increment of nothing: the start of every sum. */
export const EMPTY_ROLLUP: RollupIncrement = { checks: 0, ups: 0, responseTimeSumMs: 0, responseTimeCount: 0 };

/**
 * What one decided round adds to its hour; null for a round without votes (a gap). A round inside a
 * maintenance window adds one to `maintenance` and nothing else (see the header).
 */
export const rollupIncrement = (
  decision: Pick<QuorumDecision, 'verdict' | 'responseTimeMs'>,
  inMaintenance = false,
): RollupIncrement | null => {
  if (decision.verdict === 'no_quorum') return null;
  if (inMaintenance) return { ...EMPTY_ROLLUP, maintenance: 1 };
  const timed = decision.verdict === 'up' && decision.responseTimeMs !== null;
  return {
    checks: 1,
    ups: decision.verdict === 'up' ? 1 : 0,
    responseTimeSumMs: timed ? decision.responseTimeMs! : 0,
    responseTimeCount: timed ? 1 : 0,
  };
};

/** Field by field; `maintenance` only when there is some (a monitor never in a window keeps the shape it had). */
export const addRollups = (a: RollupIncrement, b: RollupIncrement): RollupIncrement => {
  const maintenance = (a.maintenance ?? 0) + (b.maintenance ?? 0);
  return {
    checks: a.checks + b.checks,
    ups: a.ups + b.ups,
    responseTimeSumMs: a.responseTimeSumMs + b.responseTimeSumMs,
    responseTimeCount: a.responseTimeCount + b.responseTimeCount,
    ...(maintenance ? { maintenance } : {}),
  };
};

/** Buckets with data that overlap [from, to): a partly covered hour counts whole. */
const inWindow = (buckets: readonly HourlyRollup[], from: Date, to: Date): HourlyRollup[] =>
  buckets.filter((bucket) => {
    const start = hourBucketStart(bucket.hour);
    return bucket.checks > 0 && start < to.getTime() && start + HOUR_MS > from.getTime();
  });

const totals = (buckets: readonly HourlyRollup[]): RollupIncrement =>
  buckets.reduce<RollupIncrement>(addRollups, EMPTY_ROLLUP);

/**
 * Uptime in percent (0..100, unrounded) over the hours in [from, to) that have data; hours without
 * checks are gaps and count neither way. Null when there is no data at all: the caller decides what
 * to show (the dashboard's "default 100", a dash), this function never invents an "up".
 */
export const uptimePercentage = (buckets: readonly HourlyRollup[], from: Date, to: Date): number | null => {
  const sum = totals(inWindow(buckets, from, to));
  return sum.checks === 0 ? null : (sum.ups / sum.checks) * 100;
};

/** Mean response time in milliseconds of the up rounds in [from, to); null without any. */
export const averageResponseTime = (buckets: readonly HourlyRollup[], from: Date, to: Date): number | null => {
  const sum = totals(inWindow(buckets, from, to));
  return sum.responseTimeCount === 0 ? null : sum.responseTimeSumMs / sum.responseTimeCount;
};

/**
 * Counts a round into the open hour. When the round belongs to a later hour, the open one is
 * returned as `closed` (to be stored as its own item) and the round starts the new one. A round
 * without votes changes nothing.
 */
export const advanceHour = (
  open: HourlyRollup | null,
  hour: string,
  increment: RollupIncrement | null,
): { open: HourlyRollup | null; closed: HourlyRollup | null } => {
  if (!increment) return { open, closed: null };
  if (!open) return { open: { hour, ...increment }, closed: null };
  // Round ids only move forward, so `hour < open.hour` cannot happen; it would count into the open one.
  if (hour <= open.hour) return { open: { ...addRollups(open, increment), hour: open.hour }, closed: null };
  return { open: { hour, ...increment }, closed: open };
};

/** The hours a state item holds, not yet in ROLLUP items: the one being counted, and the one before while it waits to close. */
export interface UnclosedHours {
  open: HourlyRollup | null;
  closing: HourlyRollup | null;
}

/**
 * The span over which monitors close their ended hours. Closing an hour reads its rounds and the day's
 * items and writes a transaction of four items; done by every monitor in the first round after the
 * hour (as before), 10,000 monitors did it within the same 30 seconds at every :00 and the results
 * queue fell behind (docs/PERFORMANCE.md "The top of the hour").
 */
export const HOUR_CLOSE_SPREAD_MS = 10 * 60_000;

/** How long after its hour ends a monitor closes it: fixed per monitor, spread evenly over HOUR_CLOSE_SPREAD_MS. */
export const hourCloseDelayMs = (monitorId: string): number => {
  // FNV-1a: cheap and stable across processes and deploys, so every processor picks the same moment.
  let hash = 0x811c9dc5;
  for (let i = 0; i < monitorId.length; i += 1) hash = Math.imul(hash ^ monitorId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % HOUR_CLOSE_SPREAD_MS;
};

/**
 * Counts a round (`hour`: its hour, `at`: its slot time, epoch ms) into the unclosed hours. An open hour
 * that a round of a later hour ends becomes `closing`; the closing hour comes back as `closed` (to be
 * stored as its own items, with this round) once the round is at least `closeDelayMs` past its end.
 * Should an hour end while another still waits (a monitor checked less often than the spread), the
 * older one closes at once: one hour closes per round at most, and none waits past the next.
 */
export const advanceHours = (
  hours: UnclosedHours,
  round: { hour: string; at: number },
  increment: RollupIncrement | null,
  closeDelayMs: number,
): UnclosedHours & { closed: HourlyRollup | null } => {
  const { open, closed: ended } = advanceHour(hours.open, round.hour, increment);
  if (ended && hours.closing) return { open, closing: ended, closed: hours.closing };
  const closing = ended ?? hours.closing;
  if (closing && round.at >= hourBucketStart(closing.hour) + HOUR_MS + closeDelayMs) return { open, closing: null, closed: closing };
  return { open, closing, closed: null };
};

/** Both unclosed hours as a list, oldest first (what readers merge with the closed ones). */
export const unclosedList = (hours: UnclosedHours): HourlyRollup[] => [hours.closing, hours.open].filter((hour): hour is HourlyRollup => hour !== null);

/**
 * Closed hours from their items plus the unclosed ones from the state item (`unclosedList`). An
 * unclosed hour wins over an item of the same hour: such an item can only be an earlier attempt at
 * closing it.
 */
export const withOpenHours = (closed: readonly HourlyRollup[], open: readonly HourlyRollup[]): HourlyRollup[] => {
  const unclosed = new Set(open.map((bucket) => bucket.hour));
  return [...closed.filter((bucket) => !unclosed.has(bucket.hour)), ...open].sort((a, b) => a.hour.localeCompare(b.hour));
};

/**
 * The closed hours of the last day, kept per monitor in one small item (keys.ts 8d) so that the
 * dashboard reads them with the monitors in one query instead of a rollup query per monitor.
 * The dashboard window is 24 hours, and a partly covered hour counts whole: 25 hours cover it.
 */
export const DAY_HOURS_KEPT = 25;

/** The day's hours after `closed` was closed: the hours within DAY_HOURS_KEPT of it, oldest first. */
export const rollDayHours = (hours: readonly HourlyRollup[], closed: HourlyRollup): HourlyRollup[] => {
  const oldest = hourBucketStart(closed.hour) - (DAY_HOURS_KEPT - 1) * HOUR_MS;
  return withOpenHours(
    hours.filter((hour) => hourBucketStart(hour.hour) >= oldest),
    [closed],
  );
};

/**
 * Day hours as stored: `hour,checks,ups,sum,count` joined by `;` (about 30 characters an hour), and
 * `,maintenance` after them for an hour with maintenance rounds (older entries have none: 0).
 */
export const encodeDayHours = (hours: readonly HourlyRollup[]): string =>
  hours
    .map((hour) =>
      [hour.hour, hour.checks, hour.ups, hour.responseTimeSumMs, hour.responseTimeCount, ...(hour.maintenance ? [hour.maintenance] : [])].join(','),
    )
    .join(';');

export const decodeDayHours = (encoded: string): HourlyRollup[] =>
  encoded
    ? encoded.split(';').map((entry) => {
        const [hour, checks, ups, sum, count, maintenance] = entry.split(',');
        return {
          hour: String(hour),
          checks: Number(checks),
          ups: Number(ups),
          responseTimeSumMs: Number(sum),
          responseTimeCount: Number(count),
          ...(maintenance ? { maintenance: Number(maintenance) } : {}),
        };
      })
    : [];
