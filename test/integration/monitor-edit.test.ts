import { beforeAll, describe, expect, it, inject } from 'vitest';
import { api, signedInUser } from './helpers/api.js';
import { getMonitorItem } from './helpers/pipeline.js';

interface MonitorBody {
  id: string;
  name: string;
  url: string;
  status: string;
  check_interval: number;
  timeout: number;
}

const site = { name: 'Shop', url: 'https://shop.example.com', check_interval: 300, timeout: 30 };

const newMonitor = async (label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  const created = await api<MonitorBody>('/api/monitors', { method: 'POST', token: user.token, body: site });
  expect(created.status).toBe(201);
  return { token: user.token, userId: me.body.id, id: created.body.id };
};

const put = (id: string, token: string | undefined, body: unknown) =>
  api<MonitorBody & { detail?: string; code?: string }>(`/api/monitors/${id}`, { method: 'PUT', token, body });

describe('updateMonitor (PUT /api/monitors/{id})', () => {
  beforeAll(() => {
    Object.assign(process.env, inject('cloudEnv'));
  });

  it('edits the fields the form sends and returns the monitor as the list shows it', async () => {
    const { token, id } = await newMonitor('edit');
    const edited = await put(id, token, { name: 'Shop (EU)', url: 'https://eu.shop.example.com/health', check_interval: 600, timeout: 10 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, name: 'Shop (EU)', url: 'https://eu.shop.example.com/health', check_interval: 600, timeout: 10, status: 'active' });
    const list = await api<{ monitors: MonitorBody[] }>('/api/monitors', { token });
    expect(list.body.monitors[0]).toMatchObject({ id, name: 'Shop (EU)', check_interval: 600, timeout: 10 });
  });

  it('pauses a monitor (out of the check schedule) and resumes it (back in, checked within minutes)', async () => {
    const { token, userId, id } = await newMonitor('pause');
    const before = await getMonitorItem(userId, id);
    expect(before?.GSI2PK).toMatch(/^DUE#\d#300$/);

    const paused = await put(id, token, { status: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', name: site.name });
    const pausedItem = await getMonitorItem(userId, id);
    expect(pausedItem).not.toHaveProperty('GSI2PK');
    expect(pausedItem).not.toHaveProperty('GSI2SK');

    const resumed = await put(id, token, { status: 'active' });
    expect(resumed.body.status).toBe('active');
    expect((await getMonitorItem(userId, id))?.GSI2PK).toBe(before?.GSI2PK);
  });

  it('moves the monitor in the schedule when its interval changes', async () => {
    const { token, userId, id } = await newMonitor('interval');
    expect((await put(id, token, { check_interval: 3600 })).status).toBe(200);
    expect((await getMonitorItem(userId, id))?.GSI2PK).toMatch(/^DUE#\d#3600$/);
  });

  it('refuses bad input with a 400 detail and changes nothing', async () => {
    const { token, id } = await newMonitor('bad-edit');
    const cases: [unknown, RegExp][] = [
      [{}, /nothing to update/i],
      [{ name: '' }, /monitor name is required/i],
      [{ name: 'x'.repeat(101) }, /too long/i],
      [{ name: 42 }, /monitor name/i],
      [{ url: 'ftp://shop.example.com' }, /Please enter a valid URL \(including http:\/\/ or https:\/\/\)/],
      [{ url: 'http://169.254.169.254/' }, /.+/],
      [{ check_interval: 'often' }, /check interval must be a number/i],
      [{ check_interval: 10 }, /at least 30/i],
      [{ timeout: 301 }, /at most 300/i],
      [{ check_interval: 60, timeout: 30 }, /free plan/i],
      [{ timeout: 60, check_interval: 3600 }, /.+/],
      [{ status: 'deleted' }, /active or paused/i],
    ];
    for (const [body, detail] of cases) {
      const response = await put(id, token, body);
      if (JSON.stringify(body) === JSON.stringify({ timeout: 60, check_interval: 3600 })) {
        // Valid on the free plan (slower than its 5-minute floor): the control case.
        expect(response.status).toBe(200);
        continue;
      }
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toMatch(detail);
    }
    const timeoutOverInterval = await put(id, token, { check_interval: 300, timeout: 301 });
    expect(timeoutOverInterval.status).toBe(400);
    const list = await api<{ monitors: MonitorBody[] }>('/api/monitors', { token });
    expect(list.body.monitors[0]).toMatchObject({ name: site.name, url: site.url, check_interval: 3600, timeout: 60 });
  });

  it("answers 404 for another user's monitor and for an id that cannot be one, 401 without a token", async () => {
    const owner = await newMonitor('owner');
    const other = await signedInUser('other');
    expect((await put(owner.id, other.token, { name: 'Mine now' })).status).toBe(404);
    expect((await put('not-a-monitor', other.token, { name: 'x' })).status).toBe(404);
    expect((await put(owner.id, undefined, { name: 'x' })).status).toBe(401);
    const list = await api<{ monitors: MonitorBody[] }>('/api/monitors', { token: owner.token });
    expect(list.body.monitors[0]?.name).toBe(site.name);
  });
});

describe('deleteMonitor (DELETE /api/monitors/{id})', () => {
  it('deletes the monitor and frees its place under the plan cap', async () => {
    const { token, id } = await newMonitor('delete');
    const deleted = await api(`/api/monitors/${id}`, { method: 'DELETE', token });
    expect(deleted.status).toBe(200);
    expect((await api<{ total: number }>('/api/monitors', { token })).body.total).toBe(0);
    expect((await api(`/api/monitors/${id}`, { method: 'DELETE', token })).status).toBe(404);
    // The free plan's one place is free again.
    expect((await api('/api/monitors', { method: 'POST', token, body: site })).status).toBe(201);
  });

  it("answers 404 for another user's monitor (which stays), 401 without a token", async () => {
    const owner = await newMonitor('keeper');
    const other = await signedInUser('deleter');
    expect((await api(`/api/monitors/${owner.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await api(`/api/monitors/${owner.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await api('/api/monitors/01ARZ3NDEKTSV4RRFFQ69G5FAV', { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await api<{ total: number }>('/api/monitors', { token: owner.token })).body.total).toBe(1);
  });
});
