import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import {
  allRegions,
  bucketOf,
  bucketValue,
  decodeHistograms,
  encodeHistograms,
  histogramCount,
  latencyOfRounds,
  MAX_BUCKET,
  mergeRegionHistograms,
  percentile,
  PERCENTILE_MAX_ERROR,
  type Histogram,
} from '../../../shared/checks/latency-histogram.js';

const histogramOf = (times: readonly number[]): Histogram => {
  const histogram = new Map<number, number>();
  for (const ms of times) histogram.set(bucketOf(ms), (histogram.get(bucketOf(ms)) ?? 0) + 1);
  return histogram;
};

/** The exact nearest-rank percentile, to hold the estimate against. */
const exact = (times: readonly number[], p: number): number => [...times].sort((a, b) => a - b)[Math.ceil((p / 100) * times.length) - 1]!;

const answer = (region: string, total: number, outcome: CheckResult['outcome'] = 'up', phases: Partial<CheckResult['timings']> = {}): CheckResult => ({
  monitorId: 'm',
  region,
  round: 'r',
  outcome,
  errorCategory: outcome === 'down' ? 'timeout' : null,
  statusCode: 200,
  timings: { dns: null, connect: null, tls: null, ttfb: null, total, ...phases },
  checkedAt: '2026-11-28T08:00:00.000Z',
  attempts: 1,
  message: null,
});

describe('the response-time histogram (docs/analytics.md "How the percentiles are estimated")', () => {
  it('puts eight buckets in each doubling and reports a bucket by its geometric middle', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.5)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(2)).toBe(8);
    expect(bucketOf(256)).toBe(64);
    expect(bucketOf(300)).toBe(65);
    expect(bucketOf(1_000_000)).toBe(MAX_BUCKET);
    expect(bucketValue(0)).toBe(1);
    expect(bucketValue(64)).toBeCloseTo(256 * 2 ** (1 / 16), 6);
    expect(PERCENTILE_MAX_ERROR).toBeCloseTo(0.0443, 4);
  });

  it('keeps every estimate within 4.4 % of the exact nearest-rank percentile', () => {
    // A spread of times from 3 ms to 40 s, uneven on purpose.
    const times = Array.from({ length: 997 }, (_, i) => 3 + (i % 7) * 11 + (i * i) % 40_000 / (1 + (i % 5)));
    const histogram = histogramOf(times);
    expect(histogramCount(histogram)).toBe(997);
    for (const p of [50, 90, 95, 99, 100]) {
      const estimate = percentile(histogram, p)!;
      expect(Math.abs(estimate - exact(times, p)) / exact(times, p)).toBeLessThanOrEqual(PERCENTILE_MAX_ERROR + 1e-9);
    }
  });

  it('finds the rank in the right bucket: p50 of 100 fast and 1 slow answer is fast, p99 of 10 is the slowest', () => {
    const fast = histogramOf([...Array<number>(100).fill(100), 5000]);
    expect(percentile(fast, 50)).toBeCloseTo(bucketValue(bucketOf(100)), 6);
    expect(percentile(fast, 100)).toBeCloseTo(bucketValue(bucketOf(5000)), 6);
    const ten = histogramOf([10, 20, 30, 40, 50, 60, 70, 80, 90, 1000]);
    expect(percentile(ten, 99)).toBeCloseTo(bucketValue(bucketOf(1000)), 6);
    expect(percentile(ten, 50)).toBeCloseTo(bucketValue(bucketOf(50)), 6);
    expect(percentile(new Map(), 95)).toBeNull();
  });

  it('adds hours up: the merge of two histograms has the percentiles of all their answers together', () => {
    const a = [120, 130, 140, 900];
    const b = [125, 135, 2000, 2100];
    const merged = mergeRegionHistograms(new Map([['eu-west-1', histogramOf(a)]]), new Map([['eu-west-1', histogramOf(b)], ['us-east-1', histogramOf([50])]]));
    expect(percentile(merged.get('eu-west-1')!, 75)).toBeCloseTo(percentile(histogramOf([...a, ...b]), 75)!, 6);
    expect(histogramCount(allRegions(merged))).toBe(9);
  });

  it('stores compactly and reads back the same counts; a malformed part is skipped', () => {
    const histograms = new Map([
      ['us-east-1', histogramOf([100, 101, 130, 4000])],
      ['eu-west-1', histogramOf([80, 81, 82, 95, 300])],
    ]);
    const encoded = encodeHistograms(histograms);
    expect(encoded.startsWith('eu-west-1=')).toBe(true);
    expect(encoded.length).toBeLessThan(60);
    const decoded = decodeHistograms(encoded);
    for (const [region, histogram] of histograms) expect(new Map([...decoded.get(region)!].sort())).toEqual(new Map([...histogram].sort()));
    expect(decodeHistograms(`${encoded};bad;x y=1:2;ap-south-1=zz:1,7:1.x.2`).get('ap-south-1')).toEqual(new Map([[7, 1], [9, 2]]));
    expect(decodeHistograms(undefined).size).toBe(0);
    expect(encodeHistograms(new Map())).toBe('');
  });

  it("measures an hour's answered, timed checks per region, once per round, and sums their phases", () => {
    const rounds = [
      { round: '2026-11-28T07:59:30.000Z', results: [answer('eu-west-1', 999)] },
      { round: '2026-11-28T08:00:00.000Z', results: [answer('eu-west-1', 100, 'up', { dns: 2, connect: 10, tls: 20, ttfb: 50 }), answer('us-east-1', 200, 'degraded', { connect: 30 })] },
      { round: '2026-11-28T08:00:00.000Z', results: [answer('eu-west-1', 100)] },
      { round: '2026-11-28T08:00:30.000Z', results: [answer('eu-west-1', 30_000, 'down'), answer('heartbeat', 0)] },
    ];
    const latency = latencyOfRounds(rounds, '2026-11-28T08');
    expect([...latency.histograms.keys()].sort()).toEqual(['eu-west-1', 'us-east-1']);
    expect(histogramCount(latency.histograms.get('eu-west-1')!)).toBe(1);
    expect(latency.phases).toEqual({
      dns: { sumMs: 2, count: 1 },
      connect: { sumMs: 40, count: 2 },
      tls: { sumMs: 20, count: 1 },
      ttfb: { sumMs: 50, count: 1 },
    });
  });
});
