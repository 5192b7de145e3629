import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckJob } from '../../shared/checks/check-job.js';
import { encodeDayHours, hourBucket, hourBucketStart } from '../../shared/checks/rollups.js';
import { ulid } from 'ulid';
import { ENTITY, incidentKey, incidentListKey, legacyMonitorDayKey, monitorDayKey } from '../../shared/table/keys.js';
import type { Incident, IncidentList } from '../../shared/incidents/schemas.js';
import { INCIDENT_UPDATE_LIMITS, type IncidentUpdate } from '../../shared/incidents/updates.js';
import type { DashboardStats, IncidentsExport, MonitorsExport } from '../../shared/insights/schemas.js';
import type { Monitor } from '../../shared/monitors/schemas.js';
import { api, signedInUser } from './helpers/api.js';
import {
  checkerRegions,
  createMonitorWithoutFirstCheck,
  deleteTableItem,
  getMonitorItem,
  putTableItems,
  sendJobsToEveryRegion,
  startTargetSite,
  waitFor,
} from './helpers/pipeline.js';

/**
 * Dashboard stats, the incident list and the exports on the local cloud. The incidents and hourly
 * rollups come from the real check pipeline: jobs on every region's queue, real HTTP checks of a
 * loopback site the test takes down and brings back, the result processor's state, incidents and
 * rollups. The dispatcher does not run (test setup), so rounds come when the test says.
 */

const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const todayUtc = () => new Date().toISOString().slice(0, 10);

const ownerWithMonitor = async (label: string, url: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  // Rounds dated before now are played: no check of "now" may come first.
  const created = { body: await createMonitorWithoutFirstCheck(me.body.id, { name: `Insights ${label}`, url, check_interval: 300, timeout: 5 }) };
  const job = (round: string): CheckJob => ({
    userId: me.body.id,
    monitorId: created.body.id,
    url,
    timeoutSeconds: 5,
    slowThresholdMs: 5000,
    round,
  });
  const runRound = async (round: string) => {
    await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [job(round)] });
    await waitFor(`round ${round} applied`, async () => (await getMonitorItem(me.body.id, created.body.id))?.last_round === round);
  };
  return { token: user.token, userId: me.body.id, monitorId: created.body.id, runRound };
};

const stats = (token: string) => api<DashboardStats>('/api/dashboard/stats', { token });
const incidents = (token: string, query = '') => api<IncidentList>(`/api/incidents${query}`, { token });

const expectIncidentShape = (incident: Incident) => {
  // A recovery also says when the outage it ends began.
  const extra = incident.alert_type === 'up' ? ['outage_started_at'] : [];
  expect(Object.keys(incident).sort()).toEqual(
    ['alert_type', 'details', 'id', 'message', 'monitor_id', 'monitor_name', 'monitor_url', 'resolved_at', 'started_at', 'status', ...extra].sort(),
  );
  expect(Object.keys(incident.details).sort()).toEqual(
    [
      'error_category',
      'explanation',
      'impact_description',
      'recommended_action',
      'response_time',
      'status_code',
      'user_accessible',
      'user_impact',
    ].sort(),
  );
  expect(incident.started_at).toMatch(UTC_TIME);
};

describe('insights: dashboard, incidents, export', () => {
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  beforeAll(async () => {
    site = await startTargetSite();
  });
  afterAll(async () => {
    await site.down();
  });

  it('a site that goes down and recovers shows in the dashboard, the incident list and both exports, and nowhere for another user', async () => {
    const owner = await ownerWithMonitor('flip', site.url());
    const stranger = await signedInUser('stranger');

    // Three rounds in the previous hour (closed into a rollup item by the fourth) and one in this
    // hour (still counted in the monitor's state): up, down, down | up = 2 ups in 4 rounds.
    const thisHour = hourBucketStart(hourBucket(new Date()));
    const at = (minutesFromThisHour: number) => new Date(thisHour + minutesFromThisHour * 60_000).toISOString();

    await owner.runRound(at(-50));
    await site.down();
    await owner.runRound(at(-40));

    const whileDown = await stats(owner.token);
    expect(whileDown.status).toBe(200);
    expect(whileDown.body).toMatchObject({ total_monitors: 1, up_monitors: 0, down_monitors: 1, uptime_percentage: 50 });
    expect(whileDown.body.recent_incidents.map((i) => [i.alert_type, i.status])).toEqual([['down', 'open']]);
    const open = await incidents(owner.token, '?status_filter=open');
    expect(open.body).toMatchObject({ total: 1, pages: 1 });
    expect(open.body.incidents[0]).toMatchObject({
      alert_type: 'down',
      status: 'open',
      resolved_at: null,
      monitor_name: 'Insights flip',
      monitor_url: site.url(),
      details: { error_category: 'connection_refused', user_impact: 'HIGH', user_accessible: false },
    });

    await owner.runRound(at(-30));
    await site.up();
    await owner.runRound(at(0));

    const dashboard = await stats(owner.token);
    expect(dashboard.body).toMatchObject({ total_monitors: 1, up_monitors: 1, down_monitors: 0, uptime_percentage: 50 });
    // Newest first: the recovery, then the outage it ended.
    expect(dashboard.body.recent_incidents.map((i) => [i.alert_type, i.status])).toEqual([
      ['up', 'resolved'],
      ['down', 'resolved'],
    ]);
    dashboard.body.recent_incidents.forEach(expectIncidentShape);

    const all = await incidents(owner.token);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 2, pages: 1, page: 1 });
    expect(all.body.incidents).toEqual(dashboard.body.recent_incidents);
    const [recovered, outage] = all.body.incidents;
    expect(outage!.resolved_at).toMatch(UTC_TIME);
    expect(recovered!.details).toMatchObject({ user_accessible: true, error_category: null, status_code: 200 });
    expect(recovered!.details.response_time).toBeGreaterThan(0);
    expect(recovered!.details.response_time).toBeLessThan(5);

    expect((await incidents(owner.token, '?alert_type_filter=up')).body.incidents.map((i) => i.id)).toEqual([recovered!.id]);
    expect((await incidents(owner.token, '?status_filter=resolved&alert_type_filter=down')).body.incidents.map((i) => i.id)).toEqual([
      outage!.id,
    ]);
    expect((await incidents(owner.token, '?status_filter=open')).body).toEqual({ incidents: [], total: 0, pages: 0, page: 1 });
    expect((await incidents(owner.token, '?alert_type_filter=slow')).body.total).toBe(0);
    const secondPage = await incidents(owner.token, '?page=2&limit=1');
    expect(secondPage.body).toMatchObject({ total: 2, pages: 2, page: 2 });
    expect(secondPage.body.incidents.map((i) => i.id)).toEqual([outage!.id]);

    const incidentsFile = await api<IncidentsExport>('/api/export/incidents', { token: owner.token });
    expect(incidentsFile.status).toBe(200);
    expect(incidentsFile.headers.get('content-type')).toMatch(/^application\/json/);
    expect(incidentsFile.headers.get('content-disposition')).toBe(`attachment; filename="upwatch-incidents-${todayUtc()}.json"`);
    expect(incidentsFile.body).toMatchObject({ kind: 'incidents', incidents: all.body.incidents });
    expect(incidentsFile.body.exported_at).toMatch(UTC_TIME);

    const monitorsFile = await api<MonitorsExport>('/api/export/monitors', { token: owner.token });
    expect(monitorsFile.status).toBe(200);
    expect(monitorsFile.headers.get('content-disposition')).toBe(`attachment; filename="upwatch-monitors-${todayUtc()}.json"`);
    const listed = (await api<{ monitors: Monitor[] }>('/api/monitors', { token: owner.token })).body.monitors;
    expect(monitorsFile.body.monitors).toHaveLength(1);
    const { checks, ...exportedMonitor } = monitorsFile.body.monitors[0]!;
    expect(exportedMonitor).toEqual(listed[0]);
    // Four rounds, one check from every region each, newest first.
    const regions = checkerRegions().length;
    expect(checks).toHaveLength(4 * regions);
    const newestRound = checks.slice(0, regions).map((check) => check.checked_at);
    const oldestRound = checks.slice(-regions).map((check) => check.checked_at);
    expect(newestRound.sort()[0]! > oldestRound.sort().at(-1)!).toBe(true);
    for (const check of checks) expect(check.checked_at).toMatch(UTC_TIME);
    expect(checks.filter((check) => check.outcome === 'down')).toHaveLength(2 * regions);
    expect(checks.find((check) => check.outcome === 'down')).toMatchObject({ error_category: 'connection_refused', status_code: null });
    expect(checks.find((check) => check.outcome === 'up')).toMatchObject({ error_category: null, status_code: 200 });

    // None of it is visible to another user.
    expect((await stats(stranger.token)).body).toEqual({
      total_monitors: 0,
      up_monitors: 0,
      down_monitors: 0,
      paused_monitors: 0,
      slow_monitors: 0,
      uptime_percentage: 100,
      recent_incidents: [],
    });
    expect((await incidents(stranger.token)).body).toEqual({ incidents: [], total: 0, pages: 0, page: 1 });
    expect((await api<MonitorsExport>('/api/export/monitors', { token: stranger.token })).body.monitors).toEqual([]);
    expect((await api<IncidentsExport>('/api/export/incidents', { token: stranger.token })).body.incidents).toEqual([]);
  });

  it.each([
    ['its day item', false],
    ['a day item still under the key it had before (inside the monitor range)', true],
  ])("counts the closed hours of the last day from %s", async (_label, legacy) => {
    const owner = await ownerWithMonitor(legacy ? 'day-legacy' : 'day-current', site.url());
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    // One check this hour (up), counted in the state item's open hour.
    await owner.runRound(new Date(hourStart).toISOString());
    const current = monitorDayKey(owner.userId, owner.monitorId);
    if (legacy) await deleteTableItem(current);
    const hours = encodeDayHours([{ hour: hourBucket(new Date(hourStart - 3_600_000)), checks: 10, ups: 5, responseTimeSumMs: 1000, responseTimeCount: 10 }]);
    const key = legacy ? legacyMonitorDayKey(owner.userId, owner.monitorId) : current;
    await putTableItems([{ ...key, entity: ENTITY.monitorDay, user_id: owner.userId, monitor_id: owner.monitorId, hours }]);
    // 6 of 11 checks up over the last day.
    expect((await stats(owner.token)).body.uptime_percentage).toBe(54.55);
    // The list shows the monitor once, whichever key its day item has.
    const list = await api<{ monitors: Monitor[] }>('/api/monitors', { token: owner.token });
    expect(list.body.monitors.map((monitor) => monitor.id)).toEqual([owner.monitorId]);
  });

  it('a monitor not checked yet counts in the total only, and the uptime stays at the default 100', async () => {
    const { token } = await signedInUser('pending');
    // Stored without the check a new monitor gets at once: this case is the monitor before it.
    const me = await api<{ id: string }>('/api/auth/me', { token });
    await createMonitorWithoutFirstCheck(me.body.id, { name: 'Pending', url: 'https://example.com', check_interval: 300, timeout: 30 });
    expect((await stats(token)).body).toEqual({
      total_monitors: 1,
      up_monitors: 0,
      down_monitors: 0,
      paused_monitors: 0,
      slow_monitors: 0,
      uptime_percentage: 100,
      recent_incidents: [],
    });
    const file = await api<MonitorsExport>('/api/export/monitors', { token });
    expect(file.body.monitors).toEqual([expect.objectContaining({ name: 'Pending', is_up: null, checks: [] })]);
  });

  it.each([
    ['?status_filter=closed', 'status_filter must be open or resolved'],
    ['?alert_type_filter=recovered', 'alert_type_filter must be down, up or slow'],
    ['?page=two', 'page must be a number'],
    ['?page=0', 'page must be at least 1'],
    ['?limit=2.5', 'limit must be a whole number'],
    ['?limit=1000', 'limit must be at most 100'],
  ])('listIncidents answers 400 {detail} for %s', async (query, detail) => {
    const { token } = await signedInUser('badquery');
    const response = await incidents(token, query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail });
  });

  it('exportData answers 404 {detail} for a kind that is not monitors or incidents', async () => {
    const { token } = await signedInUser('badkind');
    for (const kind of ['checks', 'MONITORS', 'incidents.json']) {
      const response = await api(`/api/export/${kind}`, { token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Unknown export kind: choose monitors or incidents', code: 'NOT_FOUND' });
      expect(response.headers.get('content-disposition')).toBeNull();
    }
  });

  it.each(['/api/dashboard/stats', '/api/incidents', '/api/export/monitors', '/api/export/incidents'])(
    '%s answers 401 without a token or with a bad one',
    async (path) => {
      expect((await api(path)).status).toBe(401);
      expect((await api(path, { token: 'not-a-jwt' })).status).toBe(401);
    },
  );
});

describe('incident updates (docs/status-pages.md "Incident updates")', () => {
  // An open outage as the result processor records it, written straight into the table.
  const seedOutage = async (userId: string, monitor: { id: string; name: string; url: string }, updates?: IncidentUpdate[]) => {
    const id = ulid();
    await putTableItems([
      {
        ...incidentKey(userId, id),
        ...incidentListKey(id),
        entity: ENTITY.incident,
        user_id: userId,
        monitor_name: monitor.name,
        monitor_url: monitor.url,
        id,
        monitor_id: monitor.id,
        alert_type: 'down',
        status: 'open',
        message: 'Your website is down: it refuses connections.',
        started_at: new Date(Date.now() - 600_000).toISOString(),
        resolved_at: null,
        details: {
          user_impact: 'HIGH',
          impact_description: "Visitors can't reach your site because your server is refusing connections.",
          explanation: 'Your server refused the connection.',
          error_category: 'connection_refused',
          recommended_action: 'Check that your web server is running.',
          status_code: null,
          response_time: null,
          user_accessible: false,
        },
        ...(updates ? { updates } : {}),
      },
    ]);
    return id;
  };
  const owner = async (label: string) => {
    const user = await signedInUser(label);
    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    const url = 'https://shop.example.com';
    const monitor = await createMonitorWithoutFirstCheck(me.body.id, { name: `Shop ${label}`, url, check_interval: 300, timeout: 5 });
    return { token: user.token, userId: me.body.id, monitor: { id: monitor.id, name: `Shop ${label}`, url } };
  };
  const post = (token: string, incidentId: string, body: unknown) =>
    api<Incident & { detail?: string; errors?: { field: string }[] }>(`/api/incidents/${incidentId}/updates`, { method: 'POST', token, body });

  it('posts updates, renders the message safely, keeps them on the incident and in the export, and refuses another account', async () => {
    const me = await owner('updates');
    const incidentId = await seedOutage(me.userId, me.monitor);

    const first = await post(me.token, incidentId, { status: 'investigating', message: 'We are **on it**. <script>alert(1)</script> [status](javascript:alert(1))' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: incidentId, status: 'open' });
    expect(first.body.updates).toHaveLength(1);
    expect(first.body.updates![0]).toMatchObject({
      status: 'investigating',
      message: 'We are **on it**. <script>alert(1)</script> [status](javascript:alert(1))',
      message_html: '<p>We are <strong>on it</strong>. &lt;script&gt;alert(1)&lt;/script&gt; status</p>',
      // Left out: the incident's own monitor at its automatic level.
      impact: { [me.monitor.id]: 'major' },
    });
    expect(first.body.updates![0]!.created_at).toMatch(UTC_TIME);

    // "Resolved" tells the users; it does not close what the checks still see as open.
    const second = await post(me.token, incidentId, { status: 'resolved', message: 'Fixed, watching it.', impact: { [me.monitor.id]: 'degraded' } });
    expect(second.status).toBe(200);
    expect(second.body.status).toBe('open');
    expect(second.body.updates!.map((u) => [u.status, u.impact[me.monitor.id]])).toEqual([
      ['investigating', 'major'],
      ['resolved', 'degraded'],
    ]);

    expect((await api<Incident>(`/api/incidents/${incidentId}`, { token: me.token })).body.updates).toEqual(second.body.updates);
    const exported = await api<IncidentsExport>('/api/export/incidents', { token: me.token });
    expect(exported.body.incidents.find((i) => i.id === incidentId)?.updates).toEqual(second.body.updates);

    // Another account: the incident and the monitor are not found, and nothing was written.
    const stranger = await owner('updates-stranger');
    const foreign = await post(stranger.token, incidentId, { status: 'identified', message: 'Mine now' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Incident not found');
    const strangersIncident = await seedOutage(stranger.userId, stranger.monitor);
    const foreignMonitor = await post(stranger.token, strangersIncident, { status: 'identified', message: 'x', impact: { [me.monitor.id]: 'partial' } });
    expect(foreignMonitor.status).toBe(404);
    expect(foreignMonitor.body.detail).toBe('Monitor not found');
    expect((await post(me.token, ulid(), { status: 'identified', message: 'x' })).status).toBe(404);
    expect((await api<Incident>(`/api/incidents/${incidentId}`, { token: me.token })).body.updates).toHaveLength(2);
  });

  it('answers 400 with the field for a bad status, an empty message or a bad impact level', async () => {
    const me = await owner('updates-bad');
    const incidentId = await seedOutage(me.userId, me.monitor);
    const badStatus = await post(me.token, incidentId, { status: 'fixed', message: 'Done' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.detail).toContain('status must be investigating, identified, monitoring or resolved');
    expect(badStatus.body.errors?.map((e) => e.field)).toEqual(['status']);
    const empty = await post(me.token, incidentId, { status: 'identified', message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.map((e) => e.field)).toEqual(['message']);
    const badImpact = await post(me.token, incidentId, { status: 'identified', message: 'x', impact: { [me.monitor.id]: 'total' } });
    expect(badImpact.status).toBe(400);
    expect(badImpact.body.detail).toContain('impact must be degraded, partial or major');
  });

  it('keeps at most 50 updates: the one over the cap is a 409 with a clear detail', async () => {
    const me = await owner('updates-cap');
    const at = new Date().toISOString();
    const earlier = Array.from({ length: INCIDENT_UPDATE_LIMITS.updatesMax - 1 }, (_, i): IncidentUpdate => ({
      id: ulid(),
      status: 'monitoring',
      message: `Update ${i}`,
      message_html: `<p>Update ${i}</p>`,
      impact: {},
      created_at: at,
    }));
    const incidentId = await seedOutage(me.userId, me.monitor, earlier);
    const last = await post(me.token, incidentId, { status: 'monitoring', message: 'The fiftieth' });
    expect(last.status).toBe(200);
    expect(last.body.updates).toHaveLength(INCIDENT_UPDATE_LIMITS.updatesMax);
    const over = await post(me.token, incidentId, { status: 'monitoring', message: 'One more' });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      code: 'CONFLICT',
      detail: 'This incident already has 50 updates, the most one incident keeps. Post what is new on the next incident.',
    });
  });
});
