import { describe, expect, it } from 'vitest';
import { DETAIL_SERIES_HOURS } from '../../../shared/insights/monitor-details.js';
import { hourlySeries, uptimeWindows } from '../../../functions/services/insights/monitor-detail-figures.js';

const now = new Date('2026-11-22T10:30:00Z');
const hour = (h: string, checks: number, ups: number, sum = 0, count = 0) => ({
  hour: h,
  checks,
  ups,
  responseTimeSumMs: sum,
  responseTimeCount: count,
});

describe('uptimeWindows', () => {
  it('gives each window its own uptime and null where it has no data', () => {
    const hours = [hour('2026-11-22T10', 4, 2), hour('2026-11-20T10', 10, 10), hour('2026-11-01T10', 10, 0)];
    expect(uptimeWindows(hours, now)).toEqual({ last_24h: 50, last_7d: (12 / 14) * 100 > 85.71 ? 85.71 : 85.72, last_30d: 50 });
    expect(uptimeWindows([], now)).toEqual({ last_24h: null, last_7d: null, last_30d: null });
  });
});

describe('hourlySeries', () => {
  it('lists every hour of the last week, oldest first, with gaps as nulls', () => {
    const series = hourlySeries([hour('2026-11-22T10', 12, 11, 11 * 150, 11), hour('2026-11-22T08', 2, 0)], now);
    expect(series).toHaveLength(DETAIL_SERIES_HOURS);
    expect(series.at(-1)).toEqual({ hour: '2026-11-22T10', checks: 12, uptime: 91.67, average_response_ms: 150 });
    expect(series.at(-2)).toEqual({ hour: '2026-11-22T09', checks: 0, uptime: null, average_response_ms: null });
    expect(series.at(-3)).toEqual({ hour: '2026-11-22T08', checks: 2, uptime: 0, average_response_ms: null });
    expect(series[0]!.hour).toBe('2026-11-15T11');
  });
});
