import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { incidentId } from '../../shared/checks/transition-ids.js';
import { ENTITY, incidentKey, monitorStateKey, rollupKey, userKey } from '../../shared/table/keys.js';
import { api, mailsTo, signedInUser } from './helpers/api.js';
import { getTableItem, patchTableItem, putTableItems, startTargetSite, waitFor } from './helpers/pipeline.js';

/**
 * The daily and weekly reports against the emulators: rollups, the open hour and incidents of a
 * period far from now are written straight into the table (as the result processor would have),
 * then one user's report is built and mailed by the report job's own functions, in this process.
 */
// A Monday 9 AM UTC tick: the daily report covers Sunday 9 AM to Monday 9 AM.
const SCHEDULED_AT = new Date('2031-03-03T09:00:00.000Z');

const rollup = (monitorId: string, hour: string, checks: number, ups: number, responseMs: number) => ({
  ...rollupKey(monitorId, hour),
  entity: ENTITY.rollup,
  monitor_id: monitorId,
  checks,
  ups,
  response_time_sum_ms: ups * responseMs,
  response_time_count: ups,
});

const incident = (userId: string, monitor: { id: string; name: string }, round: string, type: 'down' | 'up' | 'slow') => {
  const id = incidentId(monitor.id, round, type);
  return {
    ...incidentKey(userId, id),
    entity: ENTITY.incident,
    user_id: userId,
    id,
    monitor_id: monitor.id,
    monitor_name: monitor.name,
    monitor_url: 'http://127.0.0.1/',
    alert_type: type,
    status: 'resolved',
    message: `A ${type} incident`,
    started_at: round,
    resolved_at: round,
    details: {},
  };
};

describe('reports', () => {
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let user: { email: string; token: string; id: string };
  let shop: { id: string; name: string };
  let blog: { id: string; name: string };

  beforeAll(async () => {
    // The report job's functions run here, against the cloud's table and SES.
    Object.assign(process.env, inject('cloudEnv'));
    site = await startTargetSite();
    const signedIn = await signedInUser('report');
    const me = await api<{ id: string }>('/api/auth/me', { token: signedIn.token });
    user = { ...signedIn, id: me.body.id };
    // Two monitors: more than the free plan's one.
    await patchTableItem(userKey(user.id), { subscription_tier: 'pro' });
    const create = async (name: string) => {
      const created = await api<{ id: string }>('/api/monitors', {
        method: 'POST',
        token: user.token,
        body: { name, url: site.url(), check_interval: 300, timeout: 5 },
      });
      expect(created.status).toBe(201);
      return { id: created.body.id, name };
    };
    shop = await create('Report shop');
    blog = await create('Report blog');
    // Each monitor's first check (at creation) is applied before the period's items are written: a
    // round applied after them would count into the open hour below (rollups.ts advanceHour).
    for (const monitor of [shop, blog]) {
      await waitFor('the first round', async () => typeof (await getTableItem(monitorStateKey(user.id, monitor.id)))?.last_round === 'string');
    }

    const sunday = (hour: number) => `2031-03-02T${String(hour).padStart(2, '0')}`;
    await putTableItems([
      // Shop: 14 clean hours of 12 checks at 250 ms, then one hour with 3 rounds down...
      ...Array.from({ length: 14 }, (_, i) => rollup(shop.id, sunday(9 + i), 12, 12, 250)),
      rollup(shop.id, sunday(23), 12, 9, 250),
      // ...hours before and after the period, which count nowhere...
      rollup(shop.id, '2031-03-02T08', 12, 0, 0),
      rollup(shop.id, '2031-03-03T09', 12, 0, 0),
      // Blog: two hours, always up, 400 ms.
      rollup(blog.id, sunday(12), 12, 12, 400),
      rollup(blog.id, '2031-03-03T07', 12, 12, 400),
      // The shop's outage (and its recovery record), the blog's slow spell, and an older outage.
      incident(user.id, shop, '2031-03-02T23:10:00.000Z', 'down'),
      incident(user.id, shop, '2031-03-02T23:25:00.000Z', 'up'),
      incident(user.id, blog, '2031-03-02T12:00:00.000Z', 'slow'),
      incident(user.id, shop, '2031-03-01T10:00:00.000Z', 'down'),
    ]);
    // ...and the shop's hour still open in its state item: 12 more up checks.
    await patchTableItem(monitorStateKey(user.id, shop.id), {
      open_hour: { hour: '2031-03-03T08', checks: 12, ups: 12, responseTimeSumMs: 12 * 250, responseTimeCount: 12 },
    });
  });
  afterAll(async () => {
    await site.down();
  });

  it('builds the figures of a day from the closed hours, the open hour and the incidents', async () => {
    const { buildUserReport } = await import('../../functions/services/reports/user-report.js');
    const { reportPeriod } = await import('../../functions/services/reports/report-figures.js');
    const figures = await buildUserReport(user.id, reportPeriod('daily', SCHEDULED_AT));
    expect(figures.monitors).toEqual([
      // 189 of 192 rounds up.
      expect.objectContaining({ name: 'Report shop', uptimePercentage: 98.44, averageResponseMs: 250, checks: 192, outages: 1, slowSpells: 0 }),
      expect.objectContaining({ name: 'Report blog', uptimePercentage: 100, averageResponseMs: 400, checks: 24, outages: 0, slowSpells: 1 }),
    ]);
    // Each monitor weighs the same: (98.4375 + 100) / 2.
    expect(figures).toMatchObject({ uptimePercentage: 99.22, outages: 1, slowSpells: 1 });
  });

  it('mails the daily report once per period to a user who turned it on, and not when it is off', async () => {
    const { sendUserReport } = await import('../../functions/services/reports/send-reports.js');
    const { reportPeriod } = await import('../../functions/services/reports/report-figures.js');
    const { getUserProfile } = await import('../../functions/repositories/user-repository.js');
    const profile = (await getUserProfile(user.id))!;
    const period = reportPeriod('daily', SCHEDULED_AT);
    const reports = async () => (await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Your daily Upwatch report'));

    // Daily reports are opt-in.
    expect(await sendUserReport(profile, period, new Date())).toBe('not_wanted');
    expect((await api('/api/notifications/preferences', { method: 'PUT', token: user.token, body: { daily_reports: true } })).status).toBe(200);
    expect(await sendUserReport(profile, period, new Date())).toBe('sent');
    // A repeated run for the same period finds it sent.
    expect(await sendUserReport(profile, period, new Date())).toBe('already_sent');

    const [mail, ...more] = await reports();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your daily Upwatch report: Mar 3, 2031');
    expect(mail?.body.text).toContain('Uptime 99.22% across them. 2 incidents: 1 outage and 1 slow spell.');
    expect(mail?.body.text).toMatch(/Report shop +98\.44% +250 ms +1 +0/);
    expect(mail?.body.text).toMatch(/Report blog +100% +400 ms +0 +1/);
    expect(mail?.body.text).toContain(`View incidents: ${inject('baseUrl')}/app/incidents`);

    // The e-mail channel off silences the reports too.
    expect((await api('/api/notifications/preferences', { method: 'PUT', token: user.token, body: { email_notifications: false } })).status).toBe(200);
    expect(await sendUserReport(profile, reportPeriod('daily', new Date('2031-03-04T09:00:00.000Z')), new Date())).toBe('not_wanted');
    expect(await reports()).toHaveLength(1);
  });

  it('lists the user among every profile the report job walks, and refuses an unknown report', async () => {
    const { userProfilePages } = await import('../../functions/repositories/user-repository.js');
    let found = false;
    for await (const page of userProfilePages(5)) found ||= page.some((profile) => profile.id === user.id);
    expect(found).toBe(true);
    const { handler } = await import('../../functions/scheduled/send-reports.js');
    await expect(handler({ report: 'monthly' })).rejects.toThrow();
  });
});
