import type { CheckResult } from './check-result.js';
import type { DecidedRound } from './round-history.js';
import { HEARTBEAT_REGION } from './heartbeat.js';

/**
 * Response-time histograms per region for the analytics panel (docs/analytics.md "How the
 * percentiles are estimated"). A percentile cannot be summed or averaged, so an hour keeps the
 * counts of its answers in fixed logarithmic buckets instead; buckets add up across hours and days,
 * and p50, p95 and p99 of any period are read from the summed counts.
 *
 * Bucket `i` (i >= 1) holds response times in [2^(i/8), 2^((i+1)/8)) ms: eight buckets per
 * doubling, each 9.05 % wider than the one before. Bucket 0 holds everything under 2^(1/8) ms.
 * A percentile is reported as its bucket's geometric middle, 2^((i+0.5)/8) ms, which is within
 * 4.4 % (2^(1/16) - 1) of every time in the bucket: the estimate is at most 4.4 % away from the
 * answer at the percentile's rank. The same scale serves every monitor, so the edges never move and
 * two periods are always compared bucket for bucket.
 */
export const BUCKETS_PER_DOUBLING = 8;

/** The last bucket: 2^19 ms is 524 s, past the longest timeout (300 s); anything slower counts here. */
export const MAX_BUCKET = 19 * BUCKETS_PER_DOUBLING;

/** The largest relative error of a reported percentile against the answer at its rank. */
export const PERCENTILE_MAX_ERROR = 2 ** (1 / (2 * BUCKETS_PER_DOUBLING)) - 1;

/** Counts by bucket index. */
export type Histogram = ReadonlyMap<number, number>;

/** Histograms by checker region name. */
export type RegionHistograms = ReadonlyMap<string, Histogram>;

/** The bucket a response time (ms) falls in. */
export const bucketOf = (ms: number): number => {
  if (!(ms >= 2 ** (1 / BUCKETS_PER_DOUBLING))) return 0;
  return Math.min(MAX_BUCKET, Math.floor(Math.log2(ms) * BUCKETS_PER_DOUBLING));
};

/** What a bucket reports: its geometric middle in ms (bucket 0: 1 ms). */
export const bucketValue = (bucket: number): number => (bucket <= 0 ? 1 : 2 ** ((bucket + 0.5) / BUCKETS_PER_DOUBLING));

/** How many answers a histogram counts. */
export const histogramCount = (histogram: Histogram): number => {
  let total = 0;
  for (const count of histogram.values()) total += count;
  return total;
};

/** Bucket by bucket. */
export const mergeHistograms = (a: Histogram, b: Histogram): Histogram => {
  const merged = new Map(a);
  for (const [bucket, count] of b) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
  return merged;
};

/** Region by region, bucket by bucket. */
export const mergeRegionHistograms = (a: RegionHistograms, b: RegionHistograms): RegionHistograms => {
  const merged = new Map(a);
  for (const [region, histogram] of b) merged.set(region, mergeHistograms(merged.get(region) ?? new Map(), histogram));
  return merged;
};

/** Every region's answers in one histogram (the "all regions" row). */
export const allRegions = (histograms: RegionHistograms): Histogram =>
  [...histograms.values()].reduce<Histogram>(mergeHistograms, new Map());

/**
 * The `p`-th percentile (0 < p <= 100) by nearest rank: the bucket holding the answer at rank
 * ceil(p/100 x n), reported as its middle (ms, unrounded); null for an empty histogram.
 */
export const percentile = (histogram: Histogram, p: number): number | null => {
  const total = histogramCount(histogram);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket) ?? 0;
    if (seen >= rank) return bucketValue(bucket);
  }
  return bucketValue(MAX_BUCKET);
};

/**
 * Phase timings summed over the answers that had the phase (docs/analytics.md "What is measured"):
 * the mean of a phase over any period is its sum over its count. Stored as plain numbers on the
 * rollup items, so the day's item adds them up like its other counters.
 */
export const PHASES = ['dns', 'connect', 'tls', 'ttfb'] as const;
export type Phase = (typeof PHASES)[number];
export type PhaseSums = Readonly<Record<Phase, { sumMs: number; count: number }>>;

export const EMPTY_PHASES: PhaseSums = {
  dns: { sumMs: 0, count: 0 },
  connect: { sumMs: 0, count: 0 },
  tls: { sumMs: 0, count: 0 },
  ttfb: { sumMs: 0, count: 0 },
};

export const addPhases = (a: PhaseSums, b: PhaseSums): PhaseSums => ({
  dns: { sumMs: a.dns.sumMs + b.dns.sumMs, count: a.dns.count + b.dns.count },
  connect: { sumMs: a.connect.sumMs + b.connect.sumMs, count: a.connect.count + b.connect.count },
  tls: { sumMs: a.tls.sumMs + b.tls.sumMs, count: a.tls.count + b.tls.count },
  ttfb: { sumMs: a.ttfb.sumMs + b.ttfb.sumMs, count: a.ttfb.count + b.ttfb.count },
});

/** What an hour's answers leave for the analytics: response times per region and phase sums. */
export interface HourLatency {
  histograms: RegionHistograms;
  phases: PhaseSums;
}

export const EMPTY_LATENCY: HourLatency = { histograms: new Map(), phases: EMPTY_PHASES };

export const mergeLatency = (a: HourLatency, b: HourLatency): HourLatency => ({
  histograms: mergeRegionHistograms(a.histograms, b.histograms),
  phases: addPhases(a.phases, b.phases),
});

/**
 * Whether an answer is measured: it answered (up or slow; a failure's time is how long it took to
 * fail, not how fast the site is) and was timed (a heartbeat's vote is not).
 */
const measured = (result: CheckResult): boolean => result.outcome !== 'down' && result.region !== HEARTBEAT_REGION;

/**
 * The latency of the decided rounds whose round id falls in `hour` (`YYYY-MM-DDTHH`); rounds of
 * other hours and the same round seen twice are left out.
 */
export const latencyOfRounds = (rounds: readonly DecidedRound[], hour: string): HourLatency => {
  const seen = new Set<string>();
  const histograms = new Map<string, Map<number, number>>();
  const phases = { dns: { sumMs: 0, count: 0 }, connect: { sumMs: 0, count: 0 }, tls: { sumMs: 0, count: 0 }, ttfb: { sumMs: 0, count: 0 } };
  for (const { round, results } of rounds) {
    if (!round.startsWith(hour) || seen.has(round)) continue;
    seen.add(round);
    for (const result of results.filter(measured)) {
      const histogram = histograms.get(result.region) ?? new Map<number, number>();
      const bucket = bucketOf(result.timings.total);
      histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
      histograms.set(result.region, histogram);
      for (const phase of PHASES) {
        const ms = result.timings[phase];
        if (ms === null || ms === undefined) continue;
        phases[phase].sumMs += ms;
        phases[phase].count += 1;
      }
    }
  }
  return { histograms, phases };
};

const REGION_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Histograms as stored (about 4 characters a bucket): regions by name, `;` between them, each
 * `<region>=<runs>`, a run `<first bucket>:<count>.<count>...` over consecutive buckets, `,` between
 * runs. E.g. `eu-west-1=57:3.10.4,70:1;us-east-1=60:2`. Empty buckets inside a run are `0`.
 */
export const encodeHistograms = (histograms: RegionHistograms): string =>
  [...histograms.entries()]
    .filter(([region, histogram]) => REGION_NAME.test(region) && histogramCount(histogram) > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([region, histogram]) => {
      const buckets = [...histogram.entries()].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
      const runs: { start: number; counts: number[] }[] = [];
      for (const [bucket, count] of buckets) {
        const run = runs.at(-1);
        const gap = run ? bucket - (run.start + run.counts.length) : Infinity;
        // A gap of one or two empty buckets is cheaper as zeros than as a new run.
        if (run && gap <= 2) run.counts.push(...Array<number>(gap).fill(0), count);
        else runs.push({ start: bucket, counts: [count] });
      }
      return `${region}=${runs.map((run) => `${run.start}:${run.counts.join('.')}`).join(',')}`;
    })
    .join(';');

/** The stored form read back; anything malformed in it is skipped, never thrown. */
export const decodeHistograms = (encoded: unknown): RegionHistograms => {
  const histograms = new Map<string, Map<number, number>>();
  if (typeof encoded !== 'string' || encoded === '') return histograms;
  for (const part of encoded.split(';')) {
    const [region, runs] = part.split('=');
    if (!region || !runs || !REGION_NAME.test(region)) continue;
    const histogram = histograms.get(region) ?? new Map<number, number>();
    for (const run of runs.split(',')) {
      const [start, counts] = run.split(':');
      const first = Number(start);
      if (!Number.isInteger(first) || first < 0 || !counts) continue;
      counts.split('.').forEach((text, i) => {
        const count = Number(text);
        if (Number.isInteger(count) && count > 0) histogram.set(first + i, (histogram.get(first + i) ?? 0) + count);
      });
    }
    if (histogram.size) histograms.set(region, histogram);
  }
  return histograms;
};
