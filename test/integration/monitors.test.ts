import { describe, expect, it } from 'vitest';
import { TEXT } from '../../shared/texts.js';
import { api, signedInUser } from './helpers/api.js';

const site = { name: 'Example', url: 'https://example.com', check_interval: 300, timeout: 30 };

describe('monitors', () => {
  it('createMonitor stores a monitor that the owner then lists', async () => {
    const { token } = await signedInUser('owner');
    const created = await api('/api/monitors', { method: 'POST', token, body: site });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...site, status: 'active', is_up: null, last_checked: null });
    expect(created.body.id).toEqual(expect.any(String));

    const list = await api<{ monitors: { id: string }[]; total: number; pages: number }>('/api/monitors', { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.monitors.map((monitor) => monitor.id)).toEqual([created.body.id]);
    expect(list.body.monitors[0]).not.toHaveProperty('PK');
  });

  it('createMonitor applies the default interval and timeout', async () => {
    const { token } = await signedInUser('defaults');
    const created = await api('/api/monitors', { method: 'POST', token, body: { name: 'Defaults', url: 'http://example.org/health' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ check_interval: 300, timeout: 30 });
  });

  it('createMonitor rejects a second monitor on the free plan, naming the limit and the plan', async () => {
    const { token } = await signedInUser('capped');
    expect((await api('/api/monitors', { method: 'POST', token, body: site })).status).toBe(201);
    const second = await api('/api/monitors', { method: 'POST', token, body: { ...site, name: 'Second' } });
    expect(second.status).toBe(403);
    expect(second.body.detail).toMatch(/monitor limit/i);
    expect(second.body.detail).toMatch(/free/i);
    const list = await api<{ total: number }>('/api/monitors', { token });
    expect(list.body.total).toBe(1);
  });

  it('createMonitor holds the cap when 20 requests race', async () => {
    const { token } = await signedInUser('racer');
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('/api/monitors', { method: 'POST', token, body: { ...site, name: `Race ${i}` } })),
    );
    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(1);
    for (const refused of attempts.filter((attempt) => attempt.status !== 201)) {
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/monitor limit/i);
    }
    expect((await api<{ total: number }>('/api/monitors', { token })).body.total).toBe(1);
  });

  it('createMonitor refuses an interval faster than the free plan allows', async () => {
    const { token } = await signedInUser('fast');
    const response = await api('/api/monitors', { method: 'POST', token, body: { ...site, check_interval: 60 } });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/plan/i);
  });

  it.each([
    ['an invalid URL', { ...site, url: 'not a url' }, TEXT.invalidUrl],
    ['a non-http scheme', { ...site, url: 'ftp://example.com' }, TEXT.invalidUrl],
    ['a missing name', { url: site.url }, 'Monitor name is required'],
    ['an interval under 30 s', { ...site, check_interval: 10 }, 'at least 30'],
    ['a timeout over the interval', { ...site, check_interval: 60, timeout: 120 }, 'longer than the check interval'],
    ['a string interval', { ...site, check_interval: 'often' }, 'Check interval'],
  ])('createMonitor answers 400 for %s', async (_case, body, detail) => {
    const { token } = await signedInUser('invalid');
    const response = await api('/api/monitors', { method: 'POST', token, body });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(detail);
    expect((await api<{ total: number }>('/api/monitors', { token })).body.total).toBe(0);
  });

  it('createMonitor and updateMonitor take https:// for an address without a scheme, as the CSV upload does', async () => {
    const { token } = await signedInUser('noscheme');
    const created = await api<{ id: string; url: string }>('/api/monitors', { method: 'POST', token, body: { ...site, url: ' shop.example.com/health ' } });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe('https://shop.example.com/health');
    const updated = await api<{ url: string }>(`/api/monitors/${created.body.id}`, { method: 'PUT', token, body: { url: 'blog.example.com' } });
    expect(updated.status).toBe(200);
    expect(updated.body.url).toBe('https://blog.example.com');
    const list = await api<{ monitors: { url: string }[] }>('/api/monitors', { token });
    expect(list.body.monitors.map((monitor) => monitor.url)).toEqual(['https://blog.example.com']);
  });

  it("another user's monitors are invisible", async () => {
    const alice = await signedInUser('alice');
    const bob = await signedInUser('bob');
    await api('/api/monitors', { method: 'POST', token: alice.token, body: site });
    const bobs = await api<{ total: number; monitors: unknown[] }>('/api/monitors', { token: bob.token });
    expect(bobs.body).toMatchObject({ total: 0, monitors: [] });
  });

  it('listMonitors validates its query and searches name and URL', async () => {
    const { token } = await signedInUser('search');
    await api('/api/monitors', { method: 'POST', token, body: { ...site, name: 'Shop front' } });
    const bad = await api('/api/monitors?status_filter=sideways', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toEqual(expect.any(String));
    expect((await api('/api/monitors?page=0', { token })).status).toBe(400);
    expect((await api<{ total: number }>('/api/monitors?search=SHOP', { token })).body.total).toBe(1);
    expect((await api<{ total: number }>('/api/monitors?search=example.com', { token })).body.total).toBe(1);
    expect((await api<{ total: number }>('/api/monitors?search=nothing-like-it', { token })).body.total).toBe(0);
  });

  it('monitor calls answer 401 without a token', async () => {
    expect((await api('/api/monitors')).status).toBe(401);
    expect((await api('/api/monitors', { method: 'POST', body: site })).status).toBe(401);
  });
});

describe('monitor targets', () => {
  it.each([
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['a private network address', 'http://10.0.0.5/'],
    ['an IPv4-mapped metadata address', 'http://[::ffff:a9fe:a9fe]/'],
    ['an internal name', 'http://metadata.google.internal/'],
    ['a URL with credentials', 'http://user:secret@example.com/'],
  ])('createMonitor refuses %s at creation', async (_case, url) => {
    const { token } = await signedInUser('ssrf');
    const response = await api('/api/monitors', { method: 'POST', token, body: { ...site, url } });
    expect(response.status).toBe(400);
    expect(response.body.detail).toEqual(expect.any(String));
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'url' })]);
    expect((await api<{ total: number }>('/api/monitors', { token })).body.total).toBe(0);
  });
});
