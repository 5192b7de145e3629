import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MaintenanceWindowList, MaintenanceWindowView } from '../../shared/maintenance/schemas.js';
import { maintenanceWindowKey, userKey } from '../../shared/table/keys.js';
import { as, createMonitor, signInAdmin, userWithId } from './helpers/admin.js';
import { api } from './helpers/api.js';
import { getTableItem, patchTableItem } from './helpers/pipeline.js';

/**
 * Maintenance windows through the API against the local cloud (docs/maintenance.md "The API",
 * "Validation"): the owner's own windows with their next occurrences, bad input refused with the
 * product's texts, another user's window and monitors answered 404, the cap, and a deleted
 * monitor leaving its windows.
 */
beforeAll(async () => {
  await signInAdmin();
  Object.assign(process.env, inject('cloudEnv'));
});

const weekly = (monitorIds: string[]) => ({
  title: 'Database upgrade',
  description: 'Replica failover, <b>no</b> action needed',
  timezone: 'America/New_York',
  starts_at: '2026-03-01T01:30',
  ends_at: '2026-03-01T03:30',
  rrule: 'FREQ=WEEKLY;BYDAY=SU',
  monitor_ids: monitorIds,
});

describe('maintenance windows API', () => {
  it('creates, reads, lists, edits and deletes the owner’s windows, each with its next occurrences', async () => {
    const owner = await userWithId('maint-owner');
    const monitor = await createMonitor(owner.token, 'MaintSite');
    const monitorId = String(monitor.body.id);

    const created = await api<MaintenanceWindowView>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: weekly([monitorId]) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Database upgrade', mode: 'mute_alerts', rrule: 'FREQ=WEEKLY;BYDAY=SU', status_page_id: null, monitor_ids: [monitorId] });
    expect(created.body).not.toHaveProperty('user_id');
    expect(created.body.next_occurrences).toHaveLength(5);
    for (const occurrence of created.body.next_occurrences) {
      // 01:30 in New York is 05:30 or 06:30 UTC, on a Sunday.
      expect(new Date(occurrence.starts_at).getUTCDay()).toBe(0);
      expect(['05:30', '06:30']).toContain(occurrence.starts_at.slice(11, 16));
    }
    const id = created.body.id;
    const stored = await getTableItem(maintenanceWindowKey(owner.id, id));
    expect(stored).toMatchObject({ entity: 'maintenance_window', user_id: owner.id, timezone: 'America/New_York' });

    const read = await api<MaintenanceWindowView>(`/api/maintenance-windows/${id}`, { token: owner.token });
    expect(read.body.id).toBe(id);
    const list = await api<MaintenanceWindowList>('/api/maintenance-windows', { token: owner.token });
    expect(list.body.windows.map((window) => window.id)).toEqual([id]);
    expect(list.body.cap).toBe(100);

    const edited = await api<MaintenanceWindowView>(`/api/maintenance-windows/${id}`, {
      method: 'PUT',
      token: owner.token,
      body: { ...weekly([monitorId]), title: 'One-off upgrade', rrule: null, starts_at: '2030-01-05T22:00', ends_at: '2030-01-06T01:00', timezone: 'Asia/Kolkata', mode: 'pause_checks' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'One-off upgrade', rrule: null, mode: 'pause_checks', created_at: created.body.created_at });
    expect(edited.body.next_occurrences).toEqual([{ starts_at: '2030-01-05T16:30:00.000Z', ends_at: '2030-01-05T19:30:00.000Z' }]);

    const deleted = await api<{ message: string }>(`/api/maintenance-windows/${id}`, { method: 'DELETE', token: owner.token });
    expect(deleted.body.message).toBe('Maintenance window deleted.');
    expect((await api(`/api/maintenance-windows/${id}`, { token: owner.token })).status).toBe(404);
    expect((await getTableItem(userKey(owner.id)))?.maintenance_window_count).toBe(0);
  });

  it('refuses bad input with a plain detail', async () => {
    const owner = await userWithId('maint-bad');
    const monitorId = String((await createMonitor(owner.token, 'MaintBad')).body.id);
    const refusal = async (changes: Record<string, unknown>) => {
      const response = await api<{ detail: string }>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: { ...weekly([monitorId]), ...changes } });
      expect(response.status).toBe(400);
      return response.body.detail;
    };
    expect(await refusal({ timezone: 'Mars/Olympus' })).toBe('Unknown time zone');
    expect(await refusal({ ends_at: '2026-03-01T01:30' })).toBe('The window must end after it starts');
    expect(await refusal({ ends_at: '2026-03-09T01:31', rrule: null })).toBe('A window can last at most 7 days');
    expect(await refusal({ rrule: 'FREQ=MINUTELY' })).toBe('Maintenance cannot repeat more often than hourly');
    expect(await refusal({ rrule: 'FREQ=HOURLY;INTERVAL=0' })).toBe('Maintenance cannot repeat more often than hourly');
    expect(await refusal({ rrule: 'FREQ=SOMETIMES' })).toMatch(/could not be read/);
    expect(await refusal({ rrule: 'DTSTART:20260301T013000\nRRULE:FREQ=DAILY' })).toMatch(/Leave DTSTART out/);
    expect(await refusal({ rrule: 'FREQ=HOURLY' })).toBe('The window is longer than the time between two of its occurrences');
    expect(await refusal({ monitor_ids: [] })).toBe('Choose at least one monitor');
    expect(await refusal({ title: '  ' })).toBe('Title is required');
    expect(await refusal({ title: 'x'.repeat(101) })).toMatch(/Title is too long/);
    expect(await refusal({ description: 'x'.repeat(1001) })).toMatch(/Description is too long/);
  });

  it('answers 404 for another user’s window or monitor, and 403 at the cap', async () => {
    const owner = await userWithId('maint-a');
    const other = await userWithId('maint-b');
    const ownMonitor = String((await createMonitor(owner.token, 'MaintA')).body.id);
    const otherMonitor = String((await createMonitor(other.token, 'MaintB')).body.id);

    const foreignMonitor = await api<{ detail: string }>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: weekly([ownMonitor, otherMonitor]) });
    expect(foreignMonitor.status).toBe(404);
    expect(foreignMonitor.body.detail).toBe('Monitor not found');

    const theirs = await api<MaintenanceWindowView>('/api/maintenance-windows', { method: 'POST', token: other.token, body: weekly([otherMonitor]) });
    for (const [method, body] of [['GET', undefined], ['PUT', weekly([ownMonitor])], ['DELETE', undefined]] as const) {
      const response = await api<{ detail: string }>(`/api/maintenance-windows/${theirs.body.id}`, { method, token: owner.token, body });
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe('Maintenance window not found');
    }
    expect((await api('/api/maintenance-windows/not-an-id', { token: owner.token })).status).toBe(404);

    await patchTableItem(userKey(owner.id), { maintenance_window_count: 100 });
    const capped = await api<{ detail: string }>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: weekly([ownMonitor]) });
    expect(capped.status).toBe(403);
    expect(capped.body.detail).toMatch(/You can keep 100 maintenance windows/);
  });

  it('takes a deleted monitor out of the windows that named it', async () => {
    const owner = await userWithId('maint-delete');
    // Two monitors: more than the Free plan's one.
    expect((await as(`/api/admin/users/${owner.id}/upgrade`, { method: 'POST', body: { tier: 'pro' } })).status).toBe(200);
    const kept = String((await createMonitor(owner.token, 'MaintKept')).body.id);
    const gone = String((await createMonitor(owner.token, 'MaintGone')).body.id);
    const window = await api<MaintenanceWindowView>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: weekly([kept, gone]) });
    expect((await api(`/api/monitors/${gone}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const after = await api<MaintenanceWindowView>(`/api/maintenance-windows/${window.body.id}`, { token: owner.token });
    expect(after.body.monitor_ids).toEqual([kept]);
  });
});

describe('a window over a whole status page', () => {
  it('takes status_page_id or monitor_ids, exactly one, answers 404 for another account’s page, and goes with its page', async () => {
    const owner = await userWithId('maint-page');
    const other = await userWithId('maint-page-b');
    const monitorId = String((await createMonitor(owner.token, 'MaintPageSite')).body.id);
    const otherMonitor = String((await createMonitor(other.token, 'MaintPageOther')).body.id);
    const page = await api<{ id: string }>('/api/status-pages', { method: 'POST', token: owner.token, body: { name: 'Maint page', slug: `maint-page-${Date.now()}`, monitor_ids: [monitorId] } });
    expect(page.status).toBe(201);
    const theirPage = await api<{ id: string }>('/api/status-pages', { method: 'POST', token: other.token, body: { name: 'Theirs', slug: `maint-theirs-${Date.now()}`, monitor_ids: [otherMonitor] } });
    const { monitor_ids: _none, ...times } = weekly([]);

    const created = await api<MaintenanceWindowView>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: { ...times, status_page_id: page.body.id } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status_page_id: page.body.id, monitor_ids: [] });

    const both = await api<{ detail: string }>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: { ...times, monitor_ids: [monitorId], status_page_id: page.body.id } });
    expect([both.status, both.body.detail]).toEqual([400, 'A window covers chosen monitors or a whole status page, not both']);
    const neither = await api<{ detail: string }>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: times });
    expect([neither.status, neither.body.detail]).toEqual([400, 'Choose the monitors this window covers, or a status page']);
    for (const pageId of [theirPage.body.id, 'not-a-page']) {
      const foreign = await api<{ detail: string }>(`/api/maintenance-windows/${created.body.id}`, { method: 'PUT', token: owner.token, body: { ...times, status_page_id: pageId } });
      expect([foreign.status, foreign.body.detail]).toEqual([404, 'Status page not found']);
    }
    // Back to chosen monitors: the page is dropped.
    const toMonitors = await api<MaintenanceWindowView>(`/api/maintenance-windows/${created.body.id}`, { method: 'PUT', token: owner.token, body: { ...times, monitor_ids: [monitorId], status_page_id: null } });
    expect(toMonitors.body).toMatchObject({ status_page_id: null, monitor_ids: [monitorId] });
    const kept = toMonitors.body.id;
    const pageWindow = (await api<MaintenanceWindowView>('/api/maintenance-windows', { method: 'POST', token: owner.token, body: { ...times, status_page_id: page.body.id } })).body.id;

    // Deleting the page deletes its page windows, and only those.
    expect((await api(`/api/status-pages/${page.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const left = await api<MaintenanceWindowList>('/api/maintenance-windows', { token: owner.token });
    expect(left.body.windows.map((window) => window.id)).toEqual([kept]);
    expect((await api(`/api/maintenance-windows/${pageWindow}`, { token: owner.token })).status).toBe(404);
    expect((await getTableItem(userKey(owner.id)))?.maintenance_window_count).toBe(1);
  });
});
