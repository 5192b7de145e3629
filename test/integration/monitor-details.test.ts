import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorDetails } from '../../shared/insights/monitor-details.js';
import { api, signedInUser } from './helpers/api.js';
import { checkerRegions, createMonitorWithoutFirstCheck, getMonitorItem, sendJobsToEveryRegion, startTargetSite, waitFor } from './helpers/pipeline.js';

/** GET /api/monitors/{id}: the detail view's data, from real rounds through the pipeline. */
describe('getMonitorDetails (GET /api/monitors/{id})', () => {
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  beforeAll(async () => {
    site = await startTargetSite();
  });
  afterAll(async () => {
    await site.down();
  });

  it('shows uptime, the hourly series, the latest checks per region and the incidents of one monitor', async () => {
    const user = await signedInUser('details');
    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    // Rounds of this hour's start are played below: no check of "now" may come first.
    const created = await createMonitorWithoutFirstCheck(me.body.id, { name: 'Detailed', url: site.url(), check_interval: 300, timeout: 5 });
    const monitorId = created.id;
    const runRound = async (round: string) => {
      const job = { userId: me.body.id, monitorId, url: site.url(), timeoutSeconds: 5, slowThresholdMs: 5000, round };
      await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [job] });
      await waitFor(`round ${round}`, async () => (await getMonitorItem(me.body.id, monitorId))?.last_round === round);
    };
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await runRound(new Date(hourStart).toISOString());
    await site.down();
    await runRound(new Date(hourStart + 1000).toISOString());
    await site.up();

    const details = await api<MonitorDetails>(`/api/monitors/${monitorId}`, { token: user.token });
    expect(details.status).toBe(200);
    expect(details.body.monitor).toMatchObject({ id: monitorId, name: 'Detailed', is_up: false });
    expect(details.body.uptime).toEqual({ last_24h: 50, last_7d: 50, last_30d: 50 });
    expect(details.body.hourly).toHaveLength(7 * 24);
    expect(details.body.hourly.at(-1)).toMatchObject({ checks: 2, uptime: 50 });
    expect(details.body.recent_checks).toHaveLength(2 * checkerRegions().length);
    expect(details.body.recent_checks[0]).toMatchObject({ outcome: 'down', error_category: 'connection_refused' });
    expect(details.body.recent_checks[0]!.timings_ms).toHaveProperty('total');
    expect(details.body.incidents.map((incident) => incident.alert_type)).toEqual(['down']);
  });

  it("answers 404 for another user's monitor and a malformed id, 401 without a token", async () => {
    const owner = await signedInUser('detail-owner');
    // Never checked (no check at once either): its detail has no data yet.
    const ownerId = (await api<{ id: string }>('/api/auth/me', { token: owner.token })).body.id;
    const created = { body: await createMonitorWithoutFirstCheck(ownerId, { name: 'Mine', url: 'https://example.com', check_interval: 300, timeout: 30 }) };
    const other = await signedInUser('detail-other');
    expect((await api(`/api/monitors/${created.body.id}`, { token: other.token })).status).toBe(404);
    expect((await api('/api/monitors/nope', { token: other.token })).status).toBe(404);
    expect((await api(`/api/monitors/${created.body.id}`)).status).toBe(401);
    const fresh = await api<MonitorDetails>(`/api/monitors/${created.body.id}`, { token: owner.token });
    expect(fresh.body).toMatchObject({ uptime: { last_24h: null, last_7d: null, last_30d: null }, recent_checks: [], incidents: [] });
  });
});
