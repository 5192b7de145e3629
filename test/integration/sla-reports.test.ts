import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appendRecentRound } from '../../shared/checks/round-history.js';
import { incidentId } from '../../shared/checks/transition-ids.js';
import { monthOf, previousMonth } from '../../shared/sla/months.js';
import { ENTITY, incidentKey, monitorStateKey, rollupKey, roundHistoryKey, userKey } from '../../shared/table/keys.js';
import { api, mailsTo, signedInUser } from './helpers/api.js';
import { getTableItem, patchTableItem, putTableItems, startTargetSite, waitFor } from './helpers/pipeline.js';

/**
 * SLA reports against the emulators (docs/sla-reports.md): the plan gate, targets, the months, last
 * month's report as JSON, PDF and CSV from rollups, incidents and round history written straight
 * into the table, tenancy, retention, and the mail on the 1st sent once per owner.
 */
const MONTH = previousMonth(monthOf(new Date()));

const rollup = (monitorId: string, hour: string, checks: number, ups: number, maintenance = 0) => ({
  ...rollupKey(monitorId, hour),
  entity: ENTITY.rollup,
  monitor_id: monitorId,
  checks,
  ups,
  response_time_sum_ms: 0,
  response_time_count: 0,
  ...(maintenance ? { maintenance } : {}),
});

const outage = (userId: string, monitor: { id: string; name: string }, startedAt: string, resolvedAt: string) => {
  const id = incidentId(monitor.id, startedAt, 'down');
  return {
    ...incidentKey(userId, id),
    entity: ENTITY.incident,
    user_id: userId,
    id,
    monitor_id: monitor.id,
    monitor_name: monitor.name,
    monitor_url: 'http://127.0.0.1/',
    alert_type: 'down',
    status: 'resolved',
    message: 'Down',
    started_at: startedAt,
    resolved_at: resolvedAt,
    details: {},
  };
};

/** Two decided rounds with an answer from each of two regions, as one history item. */
const history = (monitorId: string) => {
  const answer = (round: string, region: string, total: number) => ({
    monitorId,
    region,
    round,
    outcome: 'up' as const,
    errorCategory: null,
    statusCode: 200,
    timings: { dns: null, connect: 1, tls: null, ttfb: total - 2, total },
    checkedAt: round,
    attempts: 1,
    message: null,
  });
  const first = `${MONTH}-03T10:00:00.000Z`;
  const second = `${MONTH}-03T10:05:00.000Z`;
  let rounds = appendRecentRound(null, { round: first, results: [answer(first, 'eu-west-1', 100), answer(first, 'us-east-1', 300)] }).recent;
  rounds = appendRecentRound(rounds, { round: second, results: [answer(second, 'eu-west-1', 200), answer(second, 'us-east-1', 400)] }).recent;
  return { ...roundHistoryKey(monitorId, second), entity: ENTITY.roundHistory, monitor_id: monitorId, rounds };
};

describe('SLA reports', () => {
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let user: { email: string; token: string; id: string };
  let other: { email: string; token: string; id: string };
  let shop: { id: string; name: string };

  beforeAll(async () => {
    Object.assign(process.env, inject('cloudEnv'));
    site = await startTargetSite();
    const signIn = async (label: string) => {
      const signedIn = await signedInUser(label);
      return { ...signedIn, id: (await api<{ id: string }>('/api/auth/me', { token: signedIn.token })).body.id };
    };
    user = await signIn('sla');
    other = await signIn('sla-other');
    await patchTableItem(userKey(user.id), { subscription_tier: 'pro' });
    const created = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'SLA shop', url: site.url(), check_interval: 300, timeout: 5 },
    });
    expect(created.status).toBe(201);
    shop = { id: created.body.id, name: 'SLA shop' };
    await waitFor('the first round', async () => typeof (await getTableItem(monitorStateKey(user.id, shop.id)))?.last_round === 'string');
    await putTableItems([
      // 1,000 rounds decided: 100 in maintenance, 900 checked of which 9 down: 99 % uptime.
      rollup(shop.id, `${MONTH}-02T10`, 500, 495),
      rollup(shop.id, `${MONTH}-03T04`, 400, 396, 100),
      outage(user.id, shop, `${MONTH}-02T10:10:00.000Z`, `${MONTH}-02T10:40:00.000Z`),
      history(shop.id),
    ]);
  });
  afterAll(async () => {
    await site.down();
  });

  it('refuses a plan without SLA reports with a 403 naming the plans', async () => {
    const refused = await api<{ detail: string; code: string }>('/api/sla/reports', { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'PLAN_HAS_NO_SLA_REPORTS',
      detail: 'SLA reports are part of the Business and Enterprise plans; this workspace is on the Pro plan.',
    });
    expect((await api('/api/sla/target', { method: 'PUT', token: user.token, body: { target_percent: 99.9 } })).status).toBe(403);
    await patchTableItem(userKey(user.id), { subscription_tier: 'business' });
  });

  it('sets the workspace target and a monitor target, validating them', async () => {
    expect((await api<{ target_percent: number; is_default: boolean }>('/api/sla/target', { token: user.token })).body).toMatchObject({
      target_percent: 99.9,
      is_default: true,
    });
    const bad = await api<{ detail: string }>('/api/sla/target', { method: 'PUT', token: user.token, body: { target_percent: 89 } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/between 90 % and 99.999 %/);
    const set = await api<{ target_percent: number }>('/api/sla/target', { method: 'PUT', token: user.token, body: { target_percent: 98 } });
    expect(set.status).toBe(200);
    expect(set.body.target_percent).toBe(98);
    const own = await api<{ monitors: unknown[] }>(`/api/monitors/${shop.id}/sla-target`, { method: 'PUT', token: user.token, body: { target_percent: 99.5 } });
    expect(own.body.monitors).toEqual([{ monitor_id: shop.id, target_percent: 99.5 }]);
    // Another workspace's monitor is not found (the other user's own plan has no reports at all).
    await patchTableItem(userKey(other.id), { subscription_tier: 'business' });
    expect((await api(`/api/monitors/${shop.id}/sla-target`, { method: 'PUT', token: other.token, body: { target_percent: 99 } })).status).toBe(404);
  });

  it("lists the months and builds last month's report: maintenance out, the incident, percentiles per region", async () => {
    const months = await api<{ current: string; months: string[] }>('/api/sla/reports', { token: user.token });
    expect(months.body.current).toBe(monthOf(new Date()));
    expect(months.body.months[0]).toBe(MONTH);
    const report = await api<{ monitors: { figures: Record<string, unknown> }[]; workspace: { target_percent: number } }>(`/api/sla/reports/${MONTH}`, {
      token: user.token,
    });
    expect(report.status).toBe(200);
    expect(report.body.workspace.target_percent).toBe(98);
    const figures = report.body.monitors[0]!.figures;
    expect(figures.target_percent).toBe(99.5);
    expect(figures.uptime_percent).toBeCloseTo(99, 6);
    // Measured over the two hours with rounds (the rest of the month is a gap): 120 minutes, a tenth
    // of them maintenance, 1 % of the rest down.
    expect(figures).toMatchObject({ maintenance_minutes: 12, counted_minutes: 108, downtime_minutes: 1.1 });
    expect(figures.met).toBe(false);
    expect(figures.mttr_minutes).toBe(30);
    expect(figures.response_times).toEqual([
      { region: 'eu-west-1', answers: 2, p50_ms: 100, p95_ms: 200, p99_ms: 200 },
      { region: 'us-east-1', answers: 2, p50_ms: 300, p95_ms: 400, p99_ms: 400 },
    ]);
  });

  it('answers the PDF and the CSV as files', async () => {
    const pdf = await fetch(`${inject('baseUrl')}/api/sla/reports/${MONTH}?format=pdf`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="upwatch-sla-${MONTH}.pdf"`);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await api<string>(`/api/sla/reports/${MONTH}?format=csv&monitor=${shop.id}`, { token: user.token });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(`summary,${shop.id},SLA shop,99.5,99,false,`);
    expect(csv.body).toContain(`response_time,${shop.id},SLA shop,`);
  });

  it('refuses a month outside retention, one not started, and another workspace', async () => {
    const old = await api<{ code: string; detail: string }>('/api/sla/reports/2020-01', { token: user.token });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ code: 'REPORT_MONTH_UNAVAILABLE', detail: "January 2020 is outside your plan's 365-day data retention, so there is no report for it." });
    expect((await api('/api/sla/reports/2999-01', { token: user.token })).status).toBe(400);
    expect((await api('/api/sla/reports/2026-13', { token: user.token })).status).toBe(400);
    expect((await api(`/api/sla/reports/${MONTH}`, { token: other.token, headers: { 'x-workspace-id': user.id } })).status).toBe(404);
    expect((await api(`/api/sla/reports/${MONTH}?monitor=${shop.id}`, { token: other.token })).status).toBe(404);
  });

  it("shows a monitor's month so far", async () => {
    const month = await api<{ month: string; figures: { target_percent: number }; monitor_target_percent: number | null }>(`/api/monitors/${shop.id}/sla`, { token: user.token });
    expect(month.status).toBe(200);
    expect(month.body).toMatchObject({ month: monthOf(new Date()), figures: { target_percent: 99.5 }, monitor_target_percent: 99.5, workspace_target_percent: 98 });
    // Back to the workspace's target.
    expect((await api(`/api/monitors/${shop.id}/sla-target`, { method: 'PUT', token: user.token, body: { target_percent: null } })).status).toBe(200);
    const after = await api<{ monitor_target_percent: number | null; figures: { target_percent: number } }>(`/api/monitors/${shop.id}/sla`, { token: user.token });
    expect(after.body).toMatchObject({ monitor_target_percent: null, figures: { target_percent: 98 } });
  });

  it('mails the report on the 1st to the owner once, however often the job runs', async () => {
    const { sendWorkspaceSlaReport } = await import('../../functions/services/sla/send-sla-reports.js');
    const { getUserProfile } = await import('../../functions/repositories/user-repository.js');
    const account = (await getUserProfile(user.id))!;
    expect(await sendWorkspaceSlaReport(account, MONTH, new Date())).toEqual({ sent: 1, failed: 0 });
    expect(await sendWorkspaceSlaReport(account, MONTH, new Date())).toEqual({ sent: 0, failed: 0 });
    const mails = (await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Your Upwatch SLA report'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(`Download the PDF and CSV: ${inject('baseUrl')}/app/settings?section=sla&month=${MONTH}`);
    // The monitor is back on the workspace's 98 %: 99 % uptime meets it.
    expect(mails[0]!.body.text).toMatch(/SLA shop +98 % +99\.000 %/);
  });
});
