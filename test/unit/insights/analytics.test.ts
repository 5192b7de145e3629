import { describe, expect, it } from 'vitest';
import { bucketOf, EMPTY_PHASES } from '../../../shared/checks/latency-histogram.js';
import {
  changeText,
  MonitorAnalyticsQuery,
  percentileSentence,
  periodNotOfferedDetail,
  periodsOfHigherPlans,
  periodsOffered,
  previousPeriodKept,
  PERIOD_SPECS,
  uptimeChangeText,
} from '../../../shared/insights/analytics.js';
import { TIERS } from '../../../shared/tiers.js';
import { openHourStep, periodFigures, periodSteps, seriesOf, stepsByKey } from '../../../functions/services/insights/analytics-figures.js';
import type { Incident } from '../../../shared/incidents/schemas.js';

describe('analytics periods by plan (docs/analytics.md "Plans")', () => {
  it('gives Free the last 24 hours and Pro and up every period within their retention', () => {
    expect(periodsOffered(TIERS.free)).toEqual(['24h']);
    expect(periodsOffered(TIERS.pro)).toEqual(['24h', '7d', '30d', '90d']);
    expect(periodsOffered(TIERS.enterprise)).toEqual(['24h', '7d', '30d', '90d']);
    // A plan with analytics but a shorter retention is not offered what it does not keep.
    expect(periodsOffered({ advancedAnalytics: true, retentionDays: 30 })).toEqual(['24h', '7d', '30d']);
    expect(periodsOfHigherPlans(TIERS.free)).toEqual(['7d', '30d', '90d']);
    expect(periodsOfHigherPlans(TIERS.pro)).toEqual([]);
  });

  it('compares with the period before only while the plan keeps it', () => {
    expect(previousPeriodKept(TIERS.pro, '30d')).toBe(true);
    expect(previousPeriodKept(TIERS.pro, '90d')).toBe(false);
    expect(previousPeriodKept(TIERS.business, '90d')).toBe(true);
    expect(previousPeriodKept(TIERS.free, '24h')).toBe(true);
  });

  it('says which plan offers a period', () => {
    expect(periodNotOfferedDetail(TIERS.free, '7d')).toBe(
      'Your Free plan shows analytics for the last 24 hours. Analytics over 7 days come with the Pro plan and higher.',
    );
  });

  it('reads the period from the query: 24 hours when absent, a clear error otherwise', () => {
    expect(MonitorAnalyticsQuery.parse({})).toEqual({ period: '24h' });
    expect(MonitorAnalyticsQuery.parse({ period: '' })).toEqual({ period: '24h' });
    expect(MonitorAnalyticsQuery.parse({ period: '90d' })).toEqual({ period: '90d' });
    const refused = MonitorAnalyticsQuery.safeParse({ period: '1y' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('period must be one of 24h, 7d, 30d or 90d');
  });
});

describe('the comparison with the period before (docs/analytics.md "Comparison")', () => {
  it('says faster, slower or the same in whole percent', () => {
    expect(percentileSentence('p95', 312, 339, 'the 7 days before')).toBe('p95 312 ms, 8% faster than the 7 days before');
    expect(percentileSentence('p95', 1450, 1000, 'the 24 hours before')).toBe('p95 1.45 s, 45% slower than the 24 hours before');
    expect(changeText(100, 100.3, 'the 30 days before')).toBe('the same as the 30 days before');
    expect(percentileSentence('p50', 4.2, null, 'the 7 days before')).toBe('p50 4.2 ms');
    expect(percentileSentence('p99', null, 200, 'the 7 days before')).toBeNull();
    expect(changeText(100, 0, 'x')).toBeNull();
  });

  it('speaks of uptime in points', () => {
    expect(uptimeChangeText(99.5, 99.92, 'the 7 days before')).toBe('0.42 points lower than the 7 days before');
    expect(uptimeChangeText(100, 99, 'the 7 days before')).toBe('1 point higher than the 7 days before');
    expect(uptimeChangeText(100, 100, 'the 7 days before')).toBe('the same as the 7 days before');
    expect(uptimeChangeText(null, 100, 'the 7 days before')).toBeNull();
  });
});

describe('the figures of a period', () => {
  const now = new Date('2026-11-28T08:20:00.000Z');
  const latency = (region: string, times: number[]) => ({
    histograms: new Map([[region, new Map(times.map((ms) => [bucketOf(ms), 1] as const))]]),
    phases: { ...EMPTY_PHASES, dns: { sumMs: 10, count: 2 } },
  });

  it('lays out the period and the one before in steps ending with the current one', () => {
    const hours = periodSteps(PERIOD_SPECS['24h'], now);
    expect(hours.current).toHaveLength(24);
    expect(hours.current.at(-1)).toBe('2026-11-28T08');
    expect(hours.previous.at(-1)).toBe('2026-11-27T08');
    const days = periodSteps(PERIOD_SPECS['30d'], now);
    expect(days.current[0]).toBe('2026-10-30');
    expect(days.previous[0]).toBe('2026-09-30');
  });

  it('adds the open hour to its day, marks incidents on their step, and leaves gaps empty', () => {
    const { current } = periodSteps(PERIOD_SPECS['7d'], now);
    const stored = [{ key: '2026-11-28T07', checks: 4, ups: 3, latency: latency('eu-west-1', [100, 110, 120]) }];
    const open = openHourStep('hour', { hour: '2026-11-28T08', checks: 2, ups: 2 }, latency('us-east-1', [300, 310]));
    const byKey = stepsByKey(stored, [open]);
    const incident = { id: 'I1', monitor_id: 'm', alert_type: 'down', status: 'resolved', message: 'Your website is down.', monitor_url: 'https://shop.example', details: { error_category: 'http_5xx' }, started_at: '2026-11-28T07:10:00.000Z' } as Incident;
    const recovery = { ...incident, id: 'I2', alert_type: 'up', message: 'Website Recovered', started_at: '2026-11-28T07:15:00.000Z' } as Incident;
    const steps = seriesOf('hour', current, byKey, [incident, recovery]);
    expect(steps).toHaveLength(168);
    expect(steps.at(-2)).toMatchObject({ start: '2026-11-28T07:00:00.000Z', checks: 4, uptime: 75, incidents: [{ id: 'I1', title: 'Website Down' }] });
    expect(steps.at(-1)).toMatchObject({ checks: 2, uptime: 100, incidents: [], phases: { dns_ms: 5, tls_ms: null } });
    expect(steps[0]).toMatchObject({ checks: 0, uptime: null, p95_ms: null });
    const figures = periodFigures('hour', current, byKey, now);
    expect(figures.uptime).toBeCloseTo(83.33, 2);
    expect(figures.percentiles.all.answers).toBe(5);
    expect(figures.percentiles.regions.map((row) => row.region)).toEqual(['eu-west-1', 'us-east-1']);
    expect(figures.percentiles.regions[1]!.p50_ms).toBe(Math.round(2 ** ((bucketOf(300) + 0.5) / 8)));

    const days = periodSteps(PERIOD_SPECS['30d'], now).current;
    const dayOpen = openHourStep('day', { hour: '2026-11-28T08', checks: 2, ups: 1 }, null);
    const dayFigures = periodFigures('day', days, stepsByKey([{ key: '2026-11-28', checks: 8, ups: 8, latency: latency('eu-west-1', [90]) }], [dayOpen]), now);
    expect(dayFigures.uptime).toBe(90);
    expect(dayFigures.from).toBe('2026-10-30T00:00:00.000Z');
  });
});
