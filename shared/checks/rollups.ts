import type { QuorumDecision } from './quorum.js';

/**
 * Hourly rollups per monitor (ARCHITECTURE.md §4), one item per monitor and UTC hour, so uptime and
 * average response time over any window read a few dozen small items instead of every check.
 * One decided round counts once, for the monitor as a whole: the quorum verdict, not each region's
 * answer, so a single region's blip is not partial downtime. Rounds without votes add nothing: an
 * hour nobody could check is a gap, and a gap is never "up".
 *
 * The counters are DynamoDB `ADD`s, which are not idempotent on their own: the rollup update is
 * written in the same transaction as the monitor's compare-and-swap on the round (monitor-state.ts),
 * so a round is counted exactly once.
 */
export interface RollupIncrement {
  checks: number;
  ups: number;
  responseTimeSumMs: number;
  responseTimeCount: number;
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

/** What one decided round adds to its hour; null for a round without votes (a gap). */
export const rollupIncrement = (
  decision: Pick<QuorumDecision, 'verdict' | 'responseTimeMs'>,
): RollupIncrement | null => {
  if (decision.verdict === 'no_quorum') return null;
  const timed = decision.verdict === 'up' && decision.responseTimeMs !== null;
  return {
    checks: 1,
    ups: decision.verdict === 'up' ? 1 : 0,
    responseTimeSumMs: timed ? decision.responseTimeMs! : 0,
    responseTimeCount: timed ? 1 : 0,
  };
};

export const addRollups = (a: RollupIncrement, b: RollupIncrement): RollupIncrement => ({
  checks: a.checks + b.checks,
  ups: a.ups + b.ups,
  responseTimeSumMs: a.responseTimeSumMs + b.responseTimeSumMs,
  responseTimeCount: a.responseTimeCount + b.responseTimeCount,
});

/** Buckets with data that overlap [from, to): a partly covered hour counts whole. */
const inWindow = (buckets: readonly HourlyRollup[], from: Date, to: Date): HourlyRollup[] =>
  buckets.filter((bucket) => {
    const start = hourBucketStart(bucket.hour);
    return bucket.checks > 0 && start < to.getTime() && start + HOUR_MS > from.getTime();
  });

const totals = (buckets: readonly HourlyRollup[]): RollupIncrement =>
  buckets.reduce<RollupIncrement>(addRollups, { checks: 0, ups: 0, responseTimeSumMs: 0, responseTimeCount: 0 });

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
