import { beforeAll, describe, expect, it, inject } from 'vitest';
import type { PublicStatusPage } from '../../shared/status-pages/public-page.js';
import { dayRollupKey, monitorStateKey } from '../../shared/table/keys.js';
import { as, signInAdmin } from './helpers/admin.js';
import { api, mailsTo, signedInUser } from './helpers/api.js';
import { checkerRegions, downAnswersOfEveryRegion, getTableItem, listIncidentItems, startTargetSite, waitFor } from './helpers/pipeline.js';

/**
 * docs/maintenance.md "What a window does": a monitor that goes down inside a mute_alerts window is
 * still checked and its incident recorded, but nobody is alerted; the time is out of its uptime; at
 * the window's end, still down, exactly one alert goes out. The boundary job runs here in the test
 * process at chosen moments (the window's end is a moment passed to it, not waited for).
 */
beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  await signInAdmin();
});

const MINUTE = 60_000;
const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe('a mute_alerts maintenance window', () => {
  it('mutes the outage inside it, keeps it out of uptime, and alerts once at its end while still down', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 200 });
    try {
      const user = await signedInUser('maint-mute');
      const userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
      const created = await api<{ id: string }>('/api/monitors', {
        method: 'POST',
        token: user.token,
        body: { name: 'Shop in maintenance', url: site.url('shop'), check_interval: 300, timeout: 30 },
      });
      expect(created.status).toBe(201);
      const monitorId = created.body.id;
      await waitFor('the first check', async () => ((await getTableItem(monitorStateKey(userId, monitorId)))?.is_up === true ? true : undefined));

      const { runDueMaintenanceBoundaries } = await import('../../functions/services/maintenance/window-boundaries.js');
      const { applyDecidedRound } = await import('../../functions/services/checks/apply-round.js');

      const { getWindow } = await import('../../functions/repositories/maintenance-window-repository.js');

      // Saved through the API (on now, for half an hour): the job's next run announces it and
      // stamps the monitor. The local cloud runs the job every minute too; every step is idempotent.
      const start = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
      const end = start + 30 * MINUTE;
      const saved = await api<{ id: string }>('/api/maintenance-windows', {
        method: 'POST',
        token: user.token,
        body: { title: 'Database upgrade', timezone: 'UTC', starts_at: wallClock(start), ends_at: wallClock(end), rrule: null, monitor_ids: [monitorId], mode: 'mute_alerts' },
      });
      expect(saved.status).toBe(201);
      const window = { id: saved.body.id };
      const deps = { loadWindow: getWindow, alertsQueueUrl: process.env.ALERTS_QUEUE_URL!, appUrl: 'http://localhost' };
      await runDueMaintenanceBoundaries(new Date(), deps);
      expect((await getTableItem(monitorStateKey(userId, monitorId)))?.maintenance).toMatchObject({ window_id: window.id, mode: 'mute_alerts' });
      const subjects = async () => (await mailsTo(user.email)).map((mail) => mail.subject);
      await waitFor('the scheduled and started mails', async () =>
        (await subjects()).includes('Maintenance started: Database upgrade') ? true : undefined,
      );
      expect(await subjects()).toContain('Maintenance scheduled: Database upgrade');
      // Run again at the same moment: nothing new.
      await runDueMaintenanceBoundaries(new Date(), deps);

      // The site goes down inside the window: checked and recorded, not alerted.
      const round = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE).toISOString();
      const { outcome } = await applyDecidedRound(
        { userId, monitorId, round, expectedRegions: checkerRegions(), deadlinePassed: true, tier: 'free', alertsQueueUrl: process.env.ALERTS_QUEUE_URL! },
        downAnswersOfEveryRegion(monitorId, round),
      );
      expect(outcome).toBe('applied');
      const state = await getTableItem(monitorStateKey(userId, monitorId));
      expect(state).toMatchObject({ is_up: false, open_incident: { type: 'down' } });
      expect((state?.open_hour as Record<string, number>).maintenance).toBe(1);
      const incidents = (await listIncidentItems(userId)).filter((item) => item.monitor_id === monitorId);
      expect(incidents.map((item) => [item.alert_type, item.status])).toEqual([['down', 'open']]);
      // The day's uptime counts only the round before the window: 100 %, not 50 %.
      const details = await api<{ uptime: { last_24h: number | null }; monitor: { maintenance?: unknown } }>(`/api/monitors/${monitorId}`, { token: user.token });
      expect(details.body.uptime.last_24h).toBe(100);
      // The monitor says it is in maintenance (the screens show "In maintenance").
      expect(details.body.monitor.maintenance).toEqual({ window_id: window.id, until: new Date(end).toISOString(), mode: 'mute_alerts' });

      // The window ends with the site still down: one down alert, then the "ended" mail.
      await runDueMaintenanceBoundaries(new Date(end), deps);
      await runDueMaintenanceBoundaries(new Date(end + MINUTE), deps);
      expect((await getTableItem(monitorStateKey(userId, monitorId)))?.maintenance).toBeUndefined();
      await waitFor('the down alert after the window', async () =>
        (await subjects()).includes('Website Down: Shop in maintenance') ? true : undefined,
      );
      await waitFor('the ended mail', async () => ((await subjects()).includes('Maintenance ended: Database upgrade') ? true : undefined));
      const all = await subjects();
      expect(all.filter((subject) => subject === 'Website Down: Shop in maintenance')).toHaveLength(1);
      expect(all.filter((subject) => subject.startsWith('Maintenance'))).toHaveLength(3);
    } finally {
      await site.down();
    }
  });
});

describe('a mute_alerts window over a whole status page', () => {
  it('covers a component added mid-window from the next minute, keeps its outage off the page, and alerts once at the end', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 200 });
    try {
      const user = await signedInUser('maint-page');
      const userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
      // Two monitors: more than the Free plan's one.
      expect((await as(`/api/admin/users/${userId}/upgrade`, { method: 'POST', body: { tier: 'pro' } })).status).toBe(200);
      const monitor = async (name: string, path: string) =>
        (await api<{ id: string }>('/api/monitors', { method: 'POST', token: user.token, body: { name, url: site.url(path), check_interval: 300, timeout: 30 } })).body.id;
      const web = await monitor('Page web', 'web');
      const api2 = await monitor('Page API', 'api');
      for (const id of [web, api2]) {
        await waitFor('the first check', async () => ((await getTableItem(monitorStateKey(userId, id)))?.is_up === true ? true : undefined));
      }
      const slug = `maint-whole-${Date.now()}`;
      const page = await api<{ id: string }>('/api/status-pages', { method: 'POST', token: user.token, body: { name: 'Acme status', slug, monitor_ids: [web] } });
      expect(page.status).toBe(201);

      const { runDueMaintenanceBoundaries } = await import('../../functions/services/maintenance/window-boundaries.js');
      const { applyDecidedRound } = await import('../../functions/services/checks/apply-round.js');
      const { getWindow } = await import('../../functions/repositories/maintenance-window-repository.js');
      const deps = { loadWindow: getWindow, alertsQueueUrl: process.env.ALERTS_QUEUE_URL!, appUrl: 'http://localhost' };

      const start = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
      const end = start + 30 * MINUTE;
      const saved = await api<{ id: string }>('/api/maintenance-windows', {
        method: 'POST',
        token: user.token,
        body: { title: 'Page upgrade', timezone: 'UTC', starts_at: wallClock(start), ends_at: wallClock(end), rrule: null, status_page_id: page.body.id, mode: 'mute_alerts' },
      });
      expect(saved.status).toBe(201);
      await runDueMaintenanceBoundaries(new Date(), deps);
      expect((await getTableItem(monitorStateKey(userId, web)))?.maintenance).toMatchObject({ window_id: saved.body.id });
      expect((await getTableItem(monitorStateKey(userId, api2)))?.maintenance).toBeUndefined();

      // The API joins the page mid-window: covered from the next minute's run.
      expect((await api(`/api/status-pages/${page.body.id}`, { method: 'PUT', token: user.token, body: { monitor_ids: [web, api2] } })).status).toBe(200);
      const nextMinute = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
      await runDueMaintenanceBoundaries(new Date(nextMinute), deps);
      expect((await getTableItem(monitorStateKey(userId, api2)))?.maintenance).toMatchObject({ window_id: saved.body.id, until: new Date(end).toISOString() });

      // It goes down inside the window: recorded, not alerted, and not an incident on the page.
      const round = new Date(nextMinute + MINUTE).toISOString();
      const { outcome } = await applyDecidedRound(
        { userId, monitorId: api2, round, expectedRegions: checkerRegions(), deadlinePassed: true, tier: 'pro', alertsQueueUrl: process.env.ALERTS_QUEUE_URL! },
        downAnswersOfEveryRegion(api2, round),
      );
      expect(outcome).toBe('applied');
      const incidents = (await listIncidentItems(userId)).filter((item) => item.monitor_id === api2);
      expect(incidents.map((item) => [item.alert_type, item.status, item.maintenance_window_id])).toEqual([['down', 'open', saved.body.id]]);
      const during = await api<PublicStatusPage>(`/api/public/status/${slug}`);
      expect(during.body.incidents).toEqual([]);
      expect(during.body.overall.text).toBe('Under maintenance');
      expect(during.body.maintenance.active.map((window) => window.component_ids.length)).toEqual([2]);

      // The window ends with it still down: one down alert, and the page lists the outage now.
      await runDueMaintenanceBoundaries(new Date(end), deps);
      await runDueMaintenanceBoundaries(new Date(end + MINUTE), deps);
      for (const id of [web, api2]) expect((await getTableItem(monitorStateKey(userId, id)))?.maintenance).toBeUndefined();
      const subjects = async () => (await mailsTo(user.email)).map((mail) => mail.subject);
      await waitFor('the down alert after the window', async () => ((await subjects()).includes('Website Down: Page API') ? true : undefined));
      await waitFor('the ended mail', async () => ((await subjects()).includes('Maintenance ended: Page upgrade') ? true : undefined));
      expect((await subjects()).filter((subject) => subject === 'Website Down: Page API')).toHaveLength(1);
      const started = (await mailsTo(user.email)).find((mail) => mail.subject === 'Maintenance started: Page upgrade');
      expect(started?.body.text).toContain('Status page: Acme status');
      // The page as it reads once the window is over (the clock here is still inside it): the outage outlasted it, so it is listed.
      const { loadPublicStatusPage } = await import('../../functions/services/status-pages/load-public-page.js');
      const after = await loadPublicStatusPage(slug, new Date(end + 2 * MINUTE));
      expect(after?.incidents.map((incident) => incident.title)).toEqual(['Page API is down']);
      expect(after?.overall.text).toBe('Partial outage');

      // The minutes it covered are on the days, for the page's bars.
      const minutes = async (id: string) => {
        let sum = 0;
        for (const day of new Set([wallClock(start).slice(0, 10), wallClock(end).slice(0, 10)])) sum += Number((await getTableItem(dayRollupKey(id, day)))?.maintenance_minutes ?? 0);
        return sum;
      };
      // From when each was stamped (the API joined later) to the end: about half an hour.
      expect(await minutes(web)).toBeGreaterThanOrEqual(28);
      expect(await minutes(web)).toBeLessThanOrEqual(30);
      expect(await minutes(api2)).toBeGreaterThanOrEqual(27);
      expect(await minutes(api2)).toBeLessThanOrEqual(await minutes(web));
    } finally {
      await site.down();
    }
  });
});
