import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BadgeLinksView } from '../../shared/badges/badges.js';
import { hourBucket } from '../../shared/checks/rollups.js';
import type { MonitorDetails } from '../../shared/insights/monitor-details.js';
import { badgeLookupKey, rollupKey } from '../../shared/table/keys.js';
import { api, PASSWORD, signedInUser } from './helpers/api.js';
import { createMonitorWithoutFirstCheck, getTableItem, putTableItems } from './helpers/pipeline.js';

/**
 * Badges on the local cloud (docs/status-pages.md "Badges"): the owner's links, the public SVGs
 * through the gateway with their cache headers and 304, rotation, another account's monitor, and
 * the lookup item going with the monitor.
 */
const owner = async (label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  return { ...user, id: me.body.id };
};

/** A badge fetched as a README host's image proxy would: no token, no JSON. */
const fetchBadge = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'x-forwarded-for': '198.51.100.91', ...headers } });

const tokenOf = (url: string): string => /\/api\/public\/badges\/([^/]+)\/status\.svg$/.exec(new URL(url).pathname)![1]!;
const lookupOf = (token: string) => getTableItem(badgeLookupKey(createHash('sha256').update(token).digest('hex')));

describe('badges', () => {
  beforeAll(() => {
    Object.assign(process.env, inject('cloudEnv'));
  });

  it('creates links, serves both badges with cache headers and a 304, rotates, and refuses another account', async () => {
    const user = await owner('badge-owner');
    const { id } = await createMonitorWithoutFirstCheck(user.id, { name: '<script>alert(1)</script> Shop', url: 'https://example.com', check_interval: 300, timeout: 30 });

    expect((await api<BadgeLinksView>(`/api/monitors/${id}/badge-links`, { token: user.token })).body).toEqual({ links: null });
    const created = await api<BadgeLinksView>(`/api/monitors/${id}/badge-links`, { method: 'POST', token: user.token });
    expect(created.status).toBe(200);
    const links = created.body.links!;
    const token = tokenOf(links.status_url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.status_url).not.toContain(id);
    expect(links.uptime_url).toBe(links.status_url.replace('/status.svg', '/uptime.svg'));
    // The owner sees the same links again later.
    expect((await api<BadgeLinksView>(`/api/monitors/${id}/badge-links`, { token: user.token })).body).toEqual({ links });

    // Status: pending before the first check; the name shows as text.
    const status = await fetchBadge(links.status_url);
    expect(status.status).toBe(200);
    expect(status.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(status.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = status.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const svg = await status.text();
    expect(svg).toContain('<title>&#60;script&#62;alert(1)&#60;/script&#62; Shop: pending</title>');
    expect(svg).not.toContain('<script>');
    const again = await fetchBadge(links.status_url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    // A label replaces the name; one over 40 characters is refused.
    expect(await (await fetchBadge(`${links.status_url}?label=${encodeURIComponent('build & deploy')}`)).text()).toContain('<title>build &#38; deploy: pending</title>');
    const tooLong = await fetchBadge(`${links.status_url}?label=${'x'.repeat(41)}`);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { detail: string }).detail).toContain('label must be at most 40 characters');

    // Uptime: the same 30-day figure as the monitor page.
    expect(await (await fetchBadge(links.uptime_url)).text()).toContain('<title>uptime 30d: no data</title>');
    const hour = (hoursAgo: number) => hourBucket(new Date(Date.now() - hoursAgo * 3_600_000));
    await putTableItems([
      { ...rollupKey(id, hour(3)), checks: 60, ups: 60, response_time_sum_ms: 6000, response_time_count: 60 },
      { ...rollupKey(id, hour(2)), checks: 60, ups: 57, response_time_sum_ms: 5700, response_time_count: 57 },
    ]);
    const details = await api<MonitorDetails>(`/api/monitors/${id}`, { token: user.token });
    expect(details.body.uptime.last_30d).toBe(97.5);
    const uptime = await fetchBadge(links.uptime_url);
    expect(uptime.status).toBe(200);
    expect(await uptime.text()).toContain('<title>uptime 30d: 97.5%</title>');

    // Another account: the links and the rotation of this monitor are a 404.
    const other = await owner('badge-other');
    expect((await api(`/api/monitors/${id}/badge-links`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/monitors/${id}/badge-links`, { method: 'POST', token: other.token })).status).toBe(404);
    expect((await fetchBadge(links.status_url)).status).toBe(200);

    // Rotating: the old links stop at once, with the grey "not found" badge; the new ones work.
    const rotated = (await api<BadgeLinksView>(`/api/monitors/${id}/badge-links`, { method: 'POST', token: user.token })).body.links!;
    expect(rotated.status_url).not.toBe(links.status_url);
    const old = await fetchBadge(links.status_url);
    expect(old.status).toBe(404);
    expect(old.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await old.text()).toContain('<title>badge: not found</title>');
    expect((await fetchBadge(links.uptime_url)).status).toBe(404);
    expect(await lookupOf(token)).toBeUndefined();
    expect((await fetchBadge(rotated.status_url)).status).toBe(200);
    expect((await fetchBadge(`${rotated.status_url.replace(tokenOf(rotated.status_url), 'not-a-token')}`)).status).toBe(404);

    // Deleting the monitor deletes its lookup item.
    const newToken = tokenOf(rotated.status_url);
    expect(await lookupOf(newToken)).toMatchObject({ entity: 'badge', monitor_id: id });
    expect((await api(`/api/monitors/${id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    expect(await lookupOf(newToken)).toBeUndefined();
    expect((await fetchBadge(rotated.status_url)).status).toBe(404);
    expect((await api(`/api/monitors/${id}/badge-links`, { token: user.token })).status).toBe(404);
  });

  it("erases every monitor's badge lookup with the account", async () => {
    const user = await owner('badge-erase');
    const { id } = await createMonitorWithoutFirstCheck(user.id, { name: 'Docs', url: 'https://example.com', check_interval: 300, timeout: 30 });
    const links = (await api<BadgeLinksView>(`/api/monitors/${id}/badge-links`, { method: 'POST', token: user.token })).body.links!;
    const token = tokenOf(links.status_url);
    expect(await lookupOf(token)).toBeDefined();
    const deleted = await api('/api/auth/delete-account', { method: 'DELETE', token: user.token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(await lookupOf(token)).toBeUndefined();
    expect((await fetchBadge(links.status_url)).status).toBe(404);
  });
});
