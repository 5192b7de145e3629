import { describe, expect, it } from 'vitest';
import type { HourPoint } from '../../../shared/insights/monitor-details.js';
import {
  indexAt,
  labelledIndexes,
  niceStep,
  pointsInRange,
  segments,
  summarize,
  yTicks,
} from '../../../frontend/src/features/monitor-details/utils/chart';
import { formatInterval, formatMs } from '../../../frontend/src/features/monitor-details/utils/format';
import { formatPercentage } from '../../../frontend/src/utils/percentage';

const hour = (i: number, average: number | null, checks = average === null ? 0 : 12): HourPoint => ({
  hour: new Date(Date.UTC(2025, 2, 1) + i * 3_600_000).toISOString().slice(0, 13),
  checks,
  uptime: checks ? 100 : null,
  average_response_ms: average,
});

describe('response-time chart', () => {
  it('shows the newest 24 hours, or all 168 for 7 days', () => {
    const series = Array.from({ length: 168 }, (_, i) => hour(i, i));
    expect(pointsInRange(series, '24h').map((p) => p.average_response_ms)).toEqual(Array.from({ length: 24 }, (_, i) => 144 + i));
    expect(pointsInRange(series, '7d')).toHaveLength(168);
  });

  it('breaks the line at every hour without data', () => {
    expect(segments([1, 2, null, null, 5, null, 7, 8])).toEqual([
      { start: 0, values: [1, 2] },
      { start: 4, values: [5] },
      { start: 6, values: [7, 8] },
    ]);
    expect(segments([null, null])).toEqual([]);
  });

  it('scales the y axis to round steps of at least 1 ms', () => {
    expect(niceStep(30.75)).toBe(50);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(0)).toBe(1);
    expect(yTicks(123)).toEqual([0, 50, 100, 150, 200]);
    expect(yTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(yTicks(1)).toEqual([0, 1, 2, 3, 4]);
  });

  it('summarizes the range, weighting hours by their checks and counting gaps', () => {
    expect(summarize([hour(0, 100, 1), hour(1, 200, 3), hour(2, null)])).toEqual({
      hoursWithData: 2,
      hoursWithoutData: 1,
      min: 100,
      max: 200,
      average: 175,
    });
    expect(summarize([hour(0, null)])).toMatchObject({ min: null, max: null, average: null, hoursWithoutData: 1 });
  });

  it('labels the newest hour and every step before it, with the smallest step that fits', () => {
    expect(labelledIndexes(24, 600, 48, [3, 6, 12])).toEqual([2, 5, 8, 11, 14, 17, 20, 23]);
    expect(labelledIndexes(24, 250, 48, [3, 6, 12])).toEqual([5, 11, 17, 23]);
    expect(labelledIndexes(168, 300, 56, [24, 48, 72])).toEqual([23, 71, 119, 167]);
  });

  it('finds the hour under the pointer, clamped to the plot', () => {
    expect(indexAt(0, 230, 24)).toBe(0);
    expect(indexAt(115, 230, 24)).toBe(12);
    expect(indexAt(500, 230, 24)).toBe(23);
    expect(indexAt(-20, 230, 24)).toBe(0);
  });
});

describe('monitor detail formatting', () => {
  it('shows uptime with up to two decimals, a dash without data', () => {
    expect(formatPercentage(100)).toBe('100%');
    expect(formatPercentage(99.5)).toBe('99.5%');
    expect(formatPercentage(66.666)).toBe('66.67%');
    expect(formatPercentage(null)).toBe('—');
  });

  it('shows phase timings with one decimal under 10 ms, a dash for a phase that did not happen', () => {
    expect(formatMs(0.42)).toBe('0.4 ms');
    expect(formatMs(12.6)).toBe('13 ms');
    expect(formatMs(null)).toBe('—');
  });

  it('names the check interval', () => {
    expect(formatInterval(300)).toBe('Every 5 min');
    expect(formatInterval(3600)).toBe('Every 1 hour');
    expect(formatInterval(30)).toBe('Every 30 s');
  });
});
