import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signedInUser } from './helpers/api.js';
import { startTargetSite, waitFor } from './helpers/pipeline.js';

interface ListedMonitor {
  is_up: boolean | null;
  response_time: number | null;
  last_checked: string | null;
  latest_incident: { alert_type: string; status: string; details: { explanation: string; error_category: string } } | null;
}

describe('force check (Refresh Status)', () => {
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  beforeAll(async () => {
    site = await startTargetSite();
  });
  afterAll(async () => {
    await site.down();
  });

  const firstMonitor = async (token: string) =>
    (await api<{ monitors: ListedMonitor[] }>('/api/monitors', { token })).body.monitors[0]!;

  it('checks the monitors now through the pipeline: online, then offline with an explained incident, then recovered', async () => {
    const { token } = await signedInUser('force');
    await api('/api/monitors', { method: 'POST', token, body: { name: 'Local site', url: site.url(), check_interval: 300, timeout: 5 } });
    // A new monitor is checked at once (docs/live-status.md); that check comes first, so the force
    // check below is not racing the suite's cold pipeline within its 25 s answer time. On a fresh
    // clone this file may run first, while the checker and processor workers are still starting:
    // hence the long bound (a failure bound, not a speed target; speed is in test/bench).
    await waitFor('the first check of the new monitor', async () => (await firstMonitor(token)).last_checked, 150_000);

    const first = await api('/api/monitors/force-check', { method: 'POST', token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ total: 1, successful: 1, failed: 0, up: 1, down: 0 });
    const online = await firstMonitor(token);
    expect(online).toMatchObject({ is_up: true, latest_incident: null });
    expect(online.response_time).toBeGreaterThan(0);
    expect(online.last_checked).toEqual(expect.any(String));

    await site.down();
    expect((await api('/api/monitors/force-check', { method: 'POST', token })).body).toEqual({ total: 1, successful: 1, failed: 0, up: 0, down: 1 });
    const offline = await firstMonitor(token);
    expect(offline).toMatchObject({ is_up: false, latest_incident: { alert_type: 'down', status: 'open' } });
    expect(offline.latest_incident!.details.error_category).toBe('connection_refused');
    expect(offline.latest_incident!.details.explanation.length).toBeGreaterThan(20);

    await site.up();
    await api('/api/monitors/force-check', { method: 'POST', token });
    expect(await firstMonitor(token)).toMatchObject({ is_up: true, latest_incident: { alert_type: 'up' } });
  }, 240_000);

  it('refuses a second force check while one is running', async () => {
    const { token } = await signedInUser('force-twice');
    await api('/api/monitors', { method: 'POST', token, body: { name: 'Local site', url: site.url(), check_interval: 300, timeout: 5 } });
    const [a, b] = await Promise.all([
      api('/api/monitors/force-check', { method: 'POST', token }),
      api('/api/monitors/force-check', { method: 'POST', token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.detail).toMatch(/already running/);
    // Once the first is done, the next one runs.
    expect((await api('/api/monitors/force-check', { method: 'POST', token })).status).toBe(200);
  });

  it('answers with zeros when there is nothing to check, and 400 for a bad limit', async () => {
    const { token } = await signedInUser('force-none');
    expect((await api('/api/monitors/force-check', { method: 'POST', token })).body).toEqual({ total: 0, successful: 0, failed: 0, up: 0, down: 0 });
    for (const limit of ['0', 'abc', '-3']) {
      const response = await api(`/api/monitors/force-check?limit=${limit}`, { method: 'POST', token });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/limit/);
    }
    expect((await api('/api/monitors/force-check', { method: 'POST' })).status).toBe(401);
  });
});
