import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorAnalytics } from '../../shared/insights/analytics.js';
import { dayRollupKey, rollupKey } from '../../shared/table/keys.js';
import { decodeHistograms, histogramCount } from '../../shared/checks/latency-histogram.js';
import { hourCloseDelayMs } from '../../shared/checks/rollups.js';
import { as, signInAdmin, userWithId } from './helpers/admin.js';
import { api } from './helpers/api.js';
import { checkerRegions, createMonitorWithoutFirstCheck, getMonitorItem, getTableItem, sendJobsToEveryRegion, startTargetSite, waitFor } from './helpers/pipeline.js';

/**
 * GET /api/monitors/{id}/analytics (docs/analytics.md): the hour's latency stored by the round that
 * closes it, read back per region with the open hour, gated by the plan, 404 for another workspace.
 */
describe('getMonitorAnalytics (GET /api/monitors/{id}/analytics)', () => {
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  beforeAll(async () => {
    site = await startTargetSite();
    await signInAdmin();
  });
  afterAll(async () => {
    await site.down();
  });

  it("stores each closed hour's response times per region and phases, and answers percentiles, uptime and incidents", async () => {
    const user = await userWithId('analytics-pro');
    expect((await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'pro' } })).status).toBe(200);
    const monitorId = (await createMonitorWithoutFirstCheck(user.id, { name: 'Measured', url: site.url(), check_interval: 300, timeout: 5 })).id;
    const runRound = async (round: string) => {
      const job = { userId: user.id, monitorId, url: site.url(), timeoutSeconds: 5, slowThresholdMs: 5000, round };
      await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [job] });
      await waitFor(`round ${round}`, async () => (await getMonitorItem(user.id, monitorId))?.last_round === round);
    };
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const previousHour = new Date(hourStart - 3_600_000).toISOString().slice(0, 13);
    // The previous hour: two answered rounds and one down; then a round of this hour closes it.
    await runRound(new Date(hourStart - 3_600_000).toISOString());
    await runRound(new Date(hourStart - 3_000_000).toISOString());
    await site.down();
    await runRound(new Date(hourStart - 2_400_000).toISOString());
    await site.up();
    // The first round of this hour at the monitor's moment to close the previous one (rollups.ts `advanceHours`).
    await runRound(new Date(hourStart + hourCloseDelayMs(monitorId)).toISOString());

    const regions = checkerRegions().sort();
    const hourItem = await getTableItem(rollupKey(monitorId, previousHour));
    const stored = decodeHistograms(hourItem?.latency);
    expect([...stored.keys()].sort()).toEqual(regions);
    for (const region of regions) expect(histogramCount(stored.get(region)!)).toBe(2);
    expect(hourItem).toMatchObject({ checks: 3, ups: 2, phase_connect_n: 2 * regions.length, phase_ttfb_n: 2 * regions.length });
    const dayItem = await getTableItem(dayRollupKey(monitorId, previousHour.slice(0, 10)));
    expect(dayItem?.latency).toBe(hourItem?.latency);
    expect(dayItem?.phase_connect_n).toBe(2 * regions.length);

    const day = await api<MonitorAnalytics>(`/api/monitors/${monitorId}/analytics?period=24h`, { token: user.token });
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({ period: '24h', unit: 'hour', offered_periods: ['24h', '7d', '30d', '90d'], upgrade_periods: [] });
    expect(day.body.steps).toHaveLength(24);
    expect(day.body.current.uptime).toBe(75);
    // The closed hour's two answered rounds and the open hour's one, from every region.
    expect(day.body.current.percentiles.all.answers).toBe(3 * regions.length);
    expect(day.body.current.percentiles.regions.map((row) => row.region)).toEqual(regions);
    expect(day.body.current.percentiles.all.p95_ms).toBeGreaterThan(0);
    expect(day.body.current.phases.connect_ms).not.toBeNull();
    const closedStep = day.body.steps.find((step) => step.start === `${previousHour}:00:00.000Z`);
    expect(closedStep).toMatchObject({ checks: 3, uptime: 66.67 });
    // The outage is marked on the step it started in (the recovery is not an incident of its own).
    expect(day.body.steps.flatMap((step) => step.incidents)).toMatchObject([{ alert_type: 'down', title: 'Website Down', status: 'resolved' }]);
    expect(day.body.previous).toMatchObject({ uptime: null, percentiles: { all: { answers: 0, p95_ms: null } } });

    const week = await api<MonitorAnalytics>(`/api/monitors/${monitorId}/analytics?period=7d`, { token: user.token });
    expect(week.status).toBe(200);
    expect(week.body.current.percentiles.all.answers).toBe(3 * regions.length);
    const quarter = await api<MonitorAnalytics>(`/api/monitors/${monitorId}/analytics?period=90d`, { token: user.token });
    expect(quarter.status).toBe(200);
    expect(quarter.body).toMatchObject({ unit: 'day', previous: null, previous_note: 'No comparison: the 90 days before are older than the 90 days your Pro plan keeps.' });
    expect(quarter.body.current.percentiles.all.answers).toBe(3 * regions.length);
  });

  it('gives Free the last 24 hours and refuses longer periods with 403; 404 for another workspace; 400 for a bad period', async () => {
    const free = await userWithId('analytics-free');
    const monitorId = (await createMonitorWithoutFirstCheck(free.id, { name: 'Basic', url: 'https://example.com', check_interval: 300, timeout: 30 })).id;
    const basic = await api<MonitorAnalytics>(`/api/monitors/${monitorId}/analytics`, { token: free.token });
    expect(basic.status).toBe(200);
    expect(basic.body).toMatchObject({ period: '24h', offered_periods: ['24h'], upgrade_periods: ['7d', '30d', '90d'], current: { uptime: null } });
    const refused = await api(`/api/monitors/${monitorId}/analytics?period=7d`, { token: free.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'PLAN_HAS_NO_ADVANCED_ANALYTICS',
      detail: 'Your Free plan shows analytics for the last 24 hours. Analytics over 7 days come with the Pro plan and higher.',
    });
    expect((await api(`/api/monitors/${monitorId}/analytics?period=1y`, { token: free.token })).status).toBe(400);
    const other = await userWithId('analytics-other');
    expect((await api(`/api/monitors/${monitorId}/analytics`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/monitors/${monitorId}/analytics`)).status).toBe(401);
  });
});
