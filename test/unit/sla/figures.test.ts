import { describe, expect, it } from 'vitest';
import type { HourlyRollup } from '../../../shared/checks/rollups.js';
import { monitorSlaFigures, nearestRank, regionPercentiles, workspaceSlaFigures } from '../../../shared/sla/figures.js';
import { monthBounds, monthWithinRetention, pastReportMonths } from '../../../shared/sla/months.js';
import { SlaWorkspaceTargetInput, effectiveTarget } from '../../../shared/sla/targets.js';

/** The SLA report's maths on fixed data (docs/sla-reports.md "How the numbers are computed"). */

const hour = (at: string, checks: number, ups: number, maintenance = 0): HourlyRollup => ({
  hour: at,
  checks,
  ups,
  responseTimeSumMs: 0,
  responseTimeCount: 0,
  ...(maintenance ? { maintenance } : {}),
});

// November 2026: 30 days = 43,200 minutes.
const { from, to } = monthBounds('2026-11');

describe('monitorSlaFigures', () => {
  it('measures uptime, downtime and the budget over the minutes its rounds cover, outside maintenance', () => {
    // Two hours with rounds (the rest of the month is a gap): 240 rounds decided, 60 of them in
    // maintenance (a quarter of the 120 covered minutes left out), 180 checked, 2 down.
    const figures = monitorSlaFigures({
      from,
      to,
      targetPercent: 99.9,
      rollups: [hour('2026-11-02T10', 120, 118), hour('2026-11-03T04', 60, 60, 60), hour('2026-10-31T23', 50, 0)],
      incidents: [],
      answers: [],
    });
    expect(figures.maintenance_minutes).toBe(30);
    expect(figures.counted_minutes).toBe(90);
    expect(figures.uptime_percent).toBeCloseTo((178 / 180) * 100, 6);
    // 2 of 180 checked rounds down: 1 minute of the 90 counted.
    expect(figures.downtime_minutes).toBe(1);
    expect(figures.budget_minutes).toBe(0.1);
    expect(figures.budget_left_minutes).toBe(-0.9);
    expect(figures.met).toBe(false);
  });

  it('measures a monitor made mid-month from its creation to now: a 4-minute outage is 4 minutes, not the month', () => {
    const figures = monitorSlaFigures({
      from,
      to: new Date('2026-11-29T07:46:00.000Z'),
      since: new Date('2026-11-29T07:42:00.000Z'),
      targetPercent: 99.9,
      rollups: [hour('2026-11-29T07', 8, 0)],
      incidents: [{ id: 'a', monitorId: 'm', monitorName: 'Shop', startedAt: '2026-11-29T07:42:00.000Z', resolvedAt: null }],
      answers: [],
    });
    expect(figures).toMatchObject({ counted_minutes: 4, downtime_minutes: 4, budget_minutes: 0, budget_left_minutes: -4, uptime_percent: 0 });
    expect(figures.incidents[0]!.duration_minutes).toBe(4);
  });

  it('leaves a month spent wholly in maintenance unmeasured rather than up', () => {
    const figures = monitorSlaFigures({ from, to, targetPercent: 99.9, rollups: [hour('2026-11-05T00', 0, 0, 60)], incidents: [], answers: [] });
    expect(figures.uptime_percent).toBeNull();
    expect(figures.met).toBeNull();
    expect(figures.counted_minutes).toBe(0);
  });

  it('measures nothing without a decided round', () => {
    const figures = monitorSlaFigures({ from, to, targetPercent: 99.9, rollups: [hour('2026-11-05T00', 0, 0)], incidents: [], answers: [] });
    expect(figures).toMatchObject({ uptime_percent: null, counted_minutes: 0, downtime_minutes: 0, budget_left_minutes: 0, met: null });
  });

  it('gives incidents their durations, MTTR over the resolved ones and MTBF over all', () => {
    const figures = monitorSlaFigures({
      from,
      to,
      targetPercent: 99,
      rollups: [hour('2026-11-10T00', 1000, 999)],
      incidents: [
        { id: 'b', monitorId: 'm', monitorName: 'API', startedAt: '2026-11-20T00:00:00.000Z', resolvedAt: '2026-11-20T00:30:00.000Z' },
        { id: 'a', monitorId: 'm', monitorName: 'API', startedAt: '2026-11-10T00:00:00.000Z', resolvedAt: '2026-11-10T00:10:00.000Z' },
        { id: 'c', monitorId: 'm', monitorName: 'API', startedAt: '2026-11-30T23:00:00.000Z', resolvedAt: null },
      ],
      answers: [],
    });
    expect(figures.incidents.map((incident) => [incident.id, incident.duration_minutes])).toEqual([
      ['a', 10],
      ['b', 30],
      ['c', 60],
    ]);
    expect(figures.mttr_minutes).toBe(20);
    // Up minutes: the one covered hour, 60 * 0.999 = 59.94, over 3 incidents.
    expect(figures.mtbf_minutes).toBe(20);
    expect(figures.met).toBe(true);
    // Budget 0.6 minutes, downtime 0.06.
    expect(figures.budget_left_minutes).toBe(0.5);
  });
});

describe('response-time percentiles', () => {
  it('takes the nearest rank per region', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([nearestRank(values, 50), nearestRank(values, 95), nearestRank(values, 99)]).toEqual([50, 95, 99]);
    const answers = [
      ...values.map((ms) => ({ region: 'us-east-1', responseTimeMs: ms * 10 })),
      { region: 'eu-west-1', responseTimeMs: 80 },
      { region: 'eu-west-1', responseTimeMs: 120 },
    ];
    expect(regionPercentiles(answers)).toEqual([
      { region: 'eu-west-1', answers: 2, p50_ms: 80, p95_ms: 120, p99_ms: 120 },
      { region: 'us-east-1', answers: 100, p50_ms: 500, p95_ms: 950, p99_ms: 990 },
    ]);
  });
});

describe('workspaceSlaFigures', () => {
  it('sums minutes and budgets over the measured monitors', () => {
    const a = monitorSlaFigures({ from, to, targetPercent: 99.9, rollups: [hour('2026-11-01T00', 100, 100)], incidents: [], answers: [] });
    const b = monitorSlaFigures({ from, to, targetPercent: 99, rollups: [hour('2026-11-01T00', 100, 98)], incidents: [], answers: [] });
    const none = monitorSlaFigures({ from, to, targetPercent: 99.9, rollups: [], incidents: [], answers: [] });
    const figures = workspaceSlaFigures({ from, to, targetPercent: 99.9, monitors: [a, b, none] });
    // Each measured its one covered hour.
    expect(figures.counted_minutes).toBe(120);
    expect(figures.downtime_minutes).toBe(1.2);
    expect(figures.uptime_percent).toBeCloseTo(99, 6);
    expect(figures.budget_minutes).toBe(0.7);
    expect(figures.met).toBe(false);
  });
});

describe('targets and months', () => {
  it('accepts targets from 90 to 99.999 with at most three decimals', () => {
    expect(SlaWorkspaceTargetInput.safeParse({ target_percent: 99.95 }).success).toBe(true);
    expect(SlaWorkspaceTargetInput.safeParse({ target_percent: 89.9 }).success).toBe(false);
    expect(SlaWorkspaceTargetInput.safeParse({ target_percent: 99.9999 }).success).toBe(false);
    expect(SlaWorkspaceTargetInput.safeParse({ target_percent: '99.9' }).success).toBe(false);
    expect(effectiveTarget(99.5, null)).toBe(99.5);
    expect(effectiveTarget(99.5, 99.99)).toBe(99.99);
    expect(effectiveTarget(null, undefined)).toBe(99.9);
  });

  it('lists the finished months inside retention, newest first', () => {
    const now = new Date('2026-11-28T09:00:00Z');
    expect(pastReportMonths(90, now)).toEqual(['2026-10', '2026-09']);
    expect(monthWithinRetention('2026-08', 90, now)).toBe(false);
    expect(pastReportMonths(365, now)).toHaveLength(11);
  });
});
