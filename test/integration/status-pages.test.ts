import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { PublicStatusPage } from '../../shared/status-pages/public-page.js';
import type { StatusPageList, StatusPageView } from '../../shared/status-pages/schemas.js';
import { dayRollupKey, incidentKey, monitorStateKey, rollupKey, statusSlugKey } from '../../shared/table/keys.js';
import { backfillDayRollups, backfillMonitorDays } from '../../functions/services/operations/backfill-day-rollups.js';
import { as, createMonitor, signInAdmin, userWithId } from './helpers/admin.js';
import { api, baseUrl, PASSWORD } from './helpers/api.js';
import { createMonitorWithoutFirstCheck, getTableItem, patchTableItem, putTableItems } from './helpers/pipeline.js';

/**
 * Status pages' management API against the local cloud (docs/status-pages.md "Pages and
 * components", "Plans"): slugs unique across accounts, components only of the caller's monitors,
 * the plan's page cap, partial edits, and what deleting a page, a monitor or the account frees.
 */
beforeAll(signInAdmin);

type ErrorBody = { detail: string; code: string };

const uniqueSlug = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

const userOnPlan = async (label: string, tier: 'free' | 'business') => {
  const user = await userWithId(label);
  if (tier !== 'free') expect((await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier } })).status).toBe(200);
  return user;
};

const monitorOf = async (token: string, name: string): Promise<string> => {
  const created = await createMonitor(token, name);
  expect(created.status).toBe(201);
  return String(created.body.id);
};

const createPage = (token: string, body: unknown) => api<StatusPageView & ErrorBody>('/api/status-pages', { method: 'POST', token, body });

describe('status pages API', () => {
  it('creates a page from {name, slug, monitor_ids}, shows it in the list and frees its slug on delete', async () => {
    const owner = await userOnPlan('sp-short', 'free');
    const monitorId = await monitorOf(owner.token, 'Shop front');
    const slug = uniqueSlug('shop');
    const created = await createPage(owner.token, { name: 'Shop status', slug, monitor_ids: [monitorId] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Shop status', slug, description: null, logo_url: null, accent_color: null, show_automatic_incidents: true });
    expect(created.body.url).toMatch(new RegExp(`/status/${slug}$`));
    expect(created.body.components).toEqual([{ id: expect.stringMatching(/^[0-9A-Z]{26}$/), monitor_id: monitorId, display_name: 'Shop front', group: null }]);
    expect(created.body.components[0]!.id).not.toBe(monitorId);

    const list = await api<StatusPageList>('/api/status-pages', { token: owner.token });
    expect(list.body).toEqual({ status_pages: [created.body], used: 1, limit: 1 });

    // Free allows one page: a second is a 403 naming the allowance.
    const second = await createPage(owner.token, { name: 'Second', slug: uniqueSlug('second'), monitor_ids: [] });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'STATUS_PAGE_LIMIT_REACHED', detail: 'Status page limit reached: your Free plan allows 1 status page. Upgrade your plan to add more.' });

    expect((await api(`/api/status-pages/${created.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await api(`/api/status-pages/${created.body.id}`, { token: owner.token })).status).toBe(404);
    expect(await getTableItem(statusSlugKey(slug))).toBeUndefined();
    // The slug and the place under the cap are free again: anyone may take the slug.
    const other = await userOnPlan('sp-short-next', 'free');
    expect((await createPage(other.token, { name: 'Next', slug, monitor_ids: [] })).status).toBe(201);
    expect((await createPage(owner.token, { name: 'Again', slug: uniqueSlug('again') })).status).toBe(201);
  });

  it('takes the long form with groups and display names, and keeps component ids across edits', async () => {
    const owner = await userOnPlan('sp-long', 'business');
    const [api1, web, db] = [await monitorOf(owner.token, 'API one'), await monitorOf(owner.token, 'Web'), await monitorOf(owner.token, 'Database')];
    const created = await createPage(owner.token, {
      name: 'Acme',
      slug: uniqueSlug('acme'),
      description: 'How Acme is doing',
      logo_url: 'https://acme.example.com/logo.png',
      accent_color: '#2563EB',
      show_automatic_incidents: false,
      components: [
        { monitor_id: web, display_name: 'Website' },
        { monitor_id: api1, display_name: 'Public API', group: 'Backend' },
        { monitor_id: db, group: 'Backend' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ description: 'How Acme is doing', accent_color: '#2563eb', show_automatic_incidents: false });
    expect(created.body.components.map(({ monitor_id, display_name, group }) => ({ monitor_id, display_name, group }))).toEqual([
      { monitor_id: web, display_name: 'Website', group: null },
      { monitor_id: api1, display_name: 'Public API', group: 'Backend' },
      { monitor_id: db, display_name: 'Database', group: 'Backend' },
    ]);
    const idOf = (page: StatusPageView, monitorId: string) => page.components.find((component) => component.monitor_id === monitorId)?.id;

    // PUT replaces what it sends and keeps the rest; a monitor still shown keeps its component id, name and group.
    const edited = await api<StatusPageView>(`/api/status-pages/${created.body.id}`, { method: 'PUT', token: owner.token, body: { name: 'Acme Inc', monitor_ids: [api1, db] } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Acme Inc', slug: created.body.slug, description: 'How Acme is doing', logo_url: 'https://acme.example.com/logo.png' });
    expect(edited.body.components).toEqual(created.body.components.slice(1));
    expect(edited.body.updated_at > created.body.updated_at).toBe(true);

    // A new slug moves the address: the old one is free, the new one leads here.
    const newSlug = uniqueSlug('acme-inc');
    const moved = await api<StatusPageView>(`/api/status-pages/${created.body.id}`, { method: 'PUT', token: owner.token, body: { slug: newSlug, logo_url: null } });
    expect(moved.body).toMatchObject({ slug: newSlug, logo_url: null, name: 'Acme Inc' });
    expect(await getTableItem(statusSlugKey(created.body.slug))).toBeUndefined();
    expect(await getTableItem(statusSlugKey(newSlug))).toMatchObject({ page_id: created.body.id, user_id: owner.id });
    expect((await api<StatusPageView>(`/api/status-pages/${created.body.id}`, { token: owner.token })).body).toEqual(moved.body);

    // Deleting a monitor takes it off the page; the others keep their ids.
    expect((await api(`/api/monitors/${db}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const after = await api<StatusPageView>(`/api/status-pages/${created.body.id}`, { token: owner.token });
    expect(after.body.components.map((component) => component.monitor_id)).toEqual([api1]);
    expect(idOf(after.body, api1)).toBe(idOf(created.body, api1));
  });

  it('refuses bad input: reserved and malformed slugs, both component forms, a monitor twice', async () => {
    const owner = await userOnPlan('sp-bad', 'free');
    const monitorId = await monitorOf(owner.token, 'Only');
    const cases: [unknown, number, string][] = [
      [{ name: 'x', slug: 'admin', monitor_ids: [] }, 400, 'This address is reserved; please choose another slug'],
      [{ name: 'x', slug: 'Bad Slug!', monitor_ids: [] }, 400, 'Slug must be 3 to 48 lower-case letters, digits or single hyphens, starting and ending with a letter or digit'],
      [{ name: '', slug: uniqueSlug('ok'), monitor_ids: [] }, 400, 'Page name is required'],
      [{ name: 'x', slug: uniqueSlug('ok'), monitor_ids: [monitorId], components: [{ monitor_id: monitorId }] }, 400, 'Send monitor_ids or components, not both'],
      [{ name: 'x', slug: uniqueSlug('ok'), monitor_ids: [monitorId, monitorId] }, 400, 'A monitor can be shown only once on a page'],
    ];
    for (const [body, status, detail] of cases) {
      const answer = await createPage(owner.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.detail, JSON.stringify(body)).toContain(detail);
    }
    expect((await api<StatusPageList>('/api/status-pages', { token: owner.token })).body.used).toBe(0);
  });

  it("keeps accounts apart: a taken slug is a 409, another's monitor or page a 404", async () => {
    const alice = await userOnPlan('sp-alice', 'free');
    const bob = await userOnPlan('sp-bob', 'free');
    const aliceMonitor = await monitorOf(alice.token, 'Alice site');
    const slug = uniqueSlug('alice');
    const page = await createPage(alice.token, { name: 'Alice', slug, monitor_ids: [aliceMonitor] });
    expect(page.status).toBe(201);

    const taken = await createPage(bob.token, { name: 'Bob', slug, monitor_ids: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe('This address is already taken; please choose another slug');

    const foreign = await createPage(bob.token, { name: 'Bob', slug: uniqueSlug('bob'), monitor_ids: [aliceMonitor] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Monitor not found');
    const unknown = await createPage(bob.token, { name: 'Bob', slug: uniqueSlug('bob'), components: [{ monitor_id: 'not-a-monitor' }] });
    expect(unknown.status).toBe(404);

    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
      const answer = await api<ErrorBody>(`/api/status-pages/${page.body.id}`, { method, token: bob.token, body });
      expect(answer.status, method).toBe(404);
      expect(answer.body.detail).toBe('Status page not found');
    }
    expect((await api<StatusPageView>(`/api/status-pages/${page.body.id}`, { token: alice.token })).body.name).toBe('Alice');

    // Bob's own page cannot move onto Alice's slug either.
    const bobs = await createPage(bob.token, { name: 'Bob', slug: uniqueSlug('bob'), monitor_ids: [] });
    const moveOnto = await api<ErrorBody>(`/api/status-pages/${bobs.body.id}`, { method: 'PUT', token: bob.token, body: { slug } });
    expect(moveOnto.status).toBe(409);

    // Deleting Alice's account frees her slug.
    expect((await api('/api/auth/delete-account', { method: 'DELETE', token: alice.token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await getTableItem(statusSlugKey(slug))).toBeUndefined();
    expect((await api(`/api/status-pages/${bobs.body.id}`, { method: 'PUT', token: bob.token, body: { slug } })).status).toBe(200);
  });
});

describe('the public status page JSON', () => {
  /** A monitor no check will touch during the test (created without its first check, then paused): its state is what the test writes. */
  const quietMonitor = async (owner: { id: string; token: string }, name: string, state: Record<string, unknown>) => {
    const { id } = await createMonitorWithoutFirstCheck(owner.id, { name, url: `https://${name.toLowerCase()}.example.com`, check_interval: 300, timeout: 30 });
    expect((await api(`/api/monitors/${id}`, { method: 'PUT', token: owner.token, body: { status: 'paused' } })).status).toBe(200);
    await patchTableItem(monitorStateKey(owner.id, id), { entity: 'monitor_state', user_id: owner.id, monitor_id: id, ...state });
    return id;
  };

  it('answers a visitor without signing in: states, banner, bars, incidents with updates, cacheable', async () => {
    const owner = await userOnPlan('sp-public', 'business');
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const web = await quietMonitor(owner, 'Web', { is_up: true, response_time: 0.2, open_hour: { hour: now.toISOString().slice(0, 13), checks: 2, ups: 1, responseTimeSumMs: 100, responseTimeCount: 1 } });
    const apiMonitor = await quietMonitor(owner, 'Api', { is_up: false, response_time: null });
    const slug = uniqueSlug('public');
    const page = await createPage(owner.token, {
      name: 'Acme status',
      slug,
      components: [{ monitor_id: web, display_name: 'Website' }, { monitor_id: apiMonitor, display_name: 'Public API', group: 'Backend' }],
    });
    expect(page.status).toBe(201);
    const [webComponent, apiComponent] = page.body.components;

    const startedAt = new Date(now.getTime() - 3_600_000).toISOString();
    const incidentId = ulid(now.getTime() - 3_600_000);
    await putTableItems([
      { ...dayRollupKey(web, yesterday), entity: 'day_rollup', monitor_id: web, checks: 10, ups: 9 },
      { ...dayRollupKey(web, today), entity: 'day_rollup', monitor_id: web, checks: 2, ups: 2 },
      {
        ...incidentKey(owner.id, incidentId),
        entity: 'incident',
        id: incidentId,
        user_id: owner.id,
        monitor_id: apiMonitor,
        alert_type: 'down',
        status: 'open',
        message: 'down',
        started_at: startedAt,
        resolved_at: null,
        monitor_name: 'Api',
        monitor_url: 'https://api.example.com',
        updates: [
          { id: ulid(), status: 'investigating', message: 'x', message_html: '<p>We are on it</p>', impact: { [apiMonitor]: 'major' }, created_at: startedAt },
        ],
      },
    ]);

    const answer = await api<PublicStatusPage>(`/api/public/status/${slug}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=25, stale-while-revalidate=60');
    const body = answer.body;
    expect(body).toMatchObject({ name: 'Acme status', slug, overall: { state: 'partial_outage', text: 'Partial outage' }, maintenance: { active: [], upcoming: [] } });
    expect(body.groups.map((group) => group.name)).toEqual([null, 'Backend']);
    const website = body.groups[0]!.components[0]!;
    expect(website).toMatchObject({ id: webComponent!.id, name: 'Website', state: 'operational' });
    expect(website.days).toHaveLength(90);
    // Yesterday's rollup; today's rollup plus the hour still open.
    expect(website.days.at(-2)).toMatchObject({ date: yesterday, uptime: 90, state: 'operational' });
    expect(website.days.at(-1)).toMatchObject({ date: today, uptime: 75 });
    expect(website.uptime_90d).toBeCloseTo((12 / 14) * 100, 5);
    expect(body.groups[1]!.components[0]).toMatchObject({ id: apiComponent!.id, name: 'Public API', state: 'major_outage', uptime_90d: null });
    expect(body.incidents).toEqual([
      {
        id: incidentId,
        title: 'Public API is down',
        status: 'open',
        components: [{ id: apiComponent!.id, name: 'Public API', impact: 'major' }],
        started_at: startedAt,
        resolved_at: null,
        updates: [{ status: 'investigating', message_html: '<p>We are on it</p>', created_at: startedAt }],
      },
    ]);
    expect(body.older_incidents).toBe(0);
    // A HEAD is the GET without its body, on the JSON and the HTML page (docs/status-pages.md "HEAD requests").
    for (const address of [`/api/public/status/${slug}`, `/status/${slug}`]) {
      const head = await fetch(`${baseUrl()}${address}`, { method: 'HEAD' });
      expect(head.status, address).toBe(200);
      expect(head.headers.get('cache-control'), address).toBe('public, max-age=25, stale-while-revalidate=60');
      expect(Number(head.headers.get('content-length')), address).toBeGreaterThan(1000);
      expect(await head.text(), address).toBe('');
    }
    // Nothing of the account: no monitor id, no URL, no e-mail.
    const text = JSON.stringify(body);
    for (const secret of [web, apiMonitor, owner.id, owner.email, 'example.com']) expect(text).not.toContain(secret);
  });

  it('still shows an outage that began before the 90 days, open, first', async () => {
    const owner = await userOnPlan('sp-long-outage', 'free');
    const startedAt = new Date(Date.now() - 120 * 86_400_000).toISOString();
    const incidentId = ulid(Date.parse(startedAt));
    const monitorId = await quietMonitor(owner, 'Legacy', { is_up: false, open_incident: { id: incidentId, type: 'down', startedAt } });
    await putTableItems([
      { ...incidentKey(owner.id, incidentId), entity: 'incident', id: incidentId, user_id: owner.id, monitor_id: monitorId, alert_type: 'down', status: 'open', message: 'down', started_at: startedAt, resolved_at: null },
    ]);
    const slug = uniqueSlug('legacy');
    expect((await createPage(owner.token, { name: 'Legacy', slug, monitor_ids: [monitorId] })).status).toBe(201);
    const body = (await api<PublicStatusPage>(`/api/public/status/${slug}`)).body;
    expect(body.overall.text).toBe('Major outage');
    expect(body.incidents).toEqual([expect.objectContaining({ id: incidentId, title: 'Legacy is down', status: 'open', started_at: startedAt })]);
    // Every one of the 90 days lists it.
    expect(body.groups[0]!.components[0]!.days.every((day) => day.incidents.some((incident) => incident.id === incidentId))).toBe(true);
  });

  it('builds daily rollups from hourly rollups written the old way, once, however often it runs', async () => {
    const owner = await userOnPlan('sp-backfill', 'free');
    const monitorId = await quietMonitor(owner, 'Backfilled', { is_up: true });
    const hour = (at: string, checks: number, ups: number) => ({
      ...rollupKey(monitorId, at),
      entity: 'rollup',
      monitor_id: monitorId,
      checks,
      ups,
      response_time_sum_ms: ups * 100,
      response_time_count: ups,
      expires_at: Math.floor(Date.parse(`${at}:00:00Z`) / 1000) + 30 * 86_400,
    });
    await putTableItems([hour('2030-03-01T22', 12, 12), hour('2030-03-01T23', 12, 6), hour('2030-03-02T00', 12, 11)]);
    // The processor already counted 23:00 into its day (it closed after the day items came).
    await putTableItems([{ ...dayRollupKey(monitorId, '2030-03-01'), entity: 'day_rollup', monitor_id: monitorId, checks: 12, ups: 6, response_time_sum_ms: 600, response_time_count: 6, hours: new Set(['23']) }]);

    expect(await backfillMonitorDays(monitorId)).toEqual({ days: 2, hours: 2 });
    const expected = {
      '2030-03-01': { checks: 24, ups: 18, response_time_sum_ms: 1800, response_time_count: 18, hours: new Set(['22', '23']), expires_at: Math.floor(Date.parse('2030-03-01T00:00:00Z') / 1000) + 30 * 86_400 },
      '2030-03-02': { checks: 12, ups: 11, response_time_sum_ms: 1100, response_time_count: 11, hours: new Set(['00']) },
    };
    for (const [day, counters] of Object.entries(expected)) expect(await getTableItem(dayRollupKey(monitorId, day))).toMatchObject({ entity: 'day_rollup', monitor_id: monitorId, ...counters });
    // Again, and over every monitor: nothing more is added.
    expect(await backfillMonitorDays(monitorId)).toEqual({ days: 0, hours: 0 });
    await backfillDayRollups();
    for (const [day, counters] of Object.entries(expected)) expect(await getTableItem(dayRollupKey(monitorId, day))).toMatchObject(counters);
  });

  it("lists the owner's maintenance windows that cover a component: the one running now and the next ones", async () => {
    const owner = await userOnPlan('sp-maint', 'free');
    const covered = await monitorOf(owner.token, 'Checkout');
    const slug = uniqueSlug('maint');
    const page = await createPage(owner.token, { name: 'Shop status', slug, monitor_ids: [covered] });
    expect(page.status).toBe(201);
    const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    const window = (title: string, fromMs: number, toMs: number) =>
      api('/api/maintenance-windows', {
        method: 'POST',
        token: owner.token,
        body: { title, timezone: 'UTC', starts_at: wallClock(fromMs), ends_at: wallClock(toMs), monitor_ids: [covered] },
      });
    const hour = 3_600_000;
    expect((await window('Database upgrade', Date.now() - hour, Date.now() + hour)).status).toBe(201);
    expect((await window('Payment provider switch', Date.now() + 48 * hour, Date.now() + 50 * hour)).status).toBe(201);

    const answer = await api<PublicStatusPage>(`/api/public/status/${slug}`);
    expect(answer.status).toBe(200);
    const componentId = page.body.components[0]!.id;
    expect(answer.body.maintenance.active.map((run) => [run.title, run.component_ids])).toEqual([['Database upgrade', [componentId]]]);
    expect(answer.body.maintenance.upcoming.map((run) => run.title)).toEqual(['Payment provider switch']);
  });

  it('serves the page as Atom, RSS and JSON feeds: its incidents and maintenance, cacheable like the page', async () => {
    const owner = await userOnPlan('sp-feeds', 'free');
    const web = await quietMonitor(owner, 'Feedweb', { is_up: false, response_time: null });
    const slug = uniqueSlug('feeds');
    const page = await createPage(owner.token, { name: 'Feed status', slug, components: [{ monitor_id: web, display_name: 'Website <b>' }] });
    expect(page.status).toBe(201);
    const hour = 3_600_000;
    const startedAt = new Date(Date.now() - hour).toISOString();
    const updatedAt = new Date(Date.now() - hour / 2).toISOString();
    const incidentId = ulid(Date.now() - hour);
    await putTableItems([
      {
        ...incidentKey(owner.id, incidentId),
        entity: 'incident',
        id: incidentId,
        user_id: owner.id,
        monitor_id: web,
        alert_type: 'down',
        status: 'open',
        message: 'down',
        started_at: startedAt,
        resolved_at: null,
        monitor_name: 'Feedweb',
        monitor_url: 'https://feedweb.example.com',
        updates: [{ id: ulid(), status: 'identified', message: 'x', message_html: '<p>A bad deploy; rolling back</p>', impact: { [web]: 'major' }, created_at: updatedAt }],
      },
    ]);
    const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    const window = await api('/api/maintenance-windows', {
      method: 'POST',
      token: owner.token,
      body: { title: 'Disk swap', timezone: 'UTC', starts_at: wallClock(Date.now() + 24 * hour), ends_at: wallClock(Date.now() + 25 * hour), monitor_ids: [web] },
    });
    expect(window.status).toBe(201);

    const pageUrl = new RegExp(`/status/${slug}#`);
    const atom = await api<string>(`/status/${slug}/feed.atom`);
    expect(atom.status).toBe(200);
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(atom.headers.get('cache-control')).toBe('public, max-age=25, stale-while-revalidate=60');
    const entries = [...atom.body.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((match) => match[1]!);
    expect(entries).toHaveLength(2);
    expect(entries.join('')).toContain('<![CDATA[Upcoming maintenance: Disk swap]]>');
    expect(entries.join('')).toContain(`#incident-${incidentId}</id>`);
    expect(entries.join('')).toContain(`<updated>${updatedAt}</updated>`);
    expect(entries.join('')).toContain('Affects: Website &lt;b&gt; (major outage)');

    const rss = await api<string>(`/status/${slug}/feed.rss`);
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect([...rss.body.matchAll(/<item>/g)]).toHaveLength(2);
    expect(rss.body).toContain('<p>A bad deploy; rolling back</p>');

    const json = await api<{ version: string; items: { title: string; url: string; date_modified: string }[] }>(`/status/${slug}/feed.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    expect(json.body.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.body.items.map((item) => item.title)).toEqual(['Upcoming maintenance: Disk swap', 'Website <b> is down']);
    for (const item of json.body.items) expect(item.url).toMatch(pageUrl);

    // The page links to them, and has the places the entries link to.
    const html = (await api<string>(`/status/${slug}`)).body;
    expect(html).toContain(`href="${json.body.items[0]!.url.split('#')[0]!}/feed.atom"`);
    for (const item of json.body.items) expect(html).toContain(` id="${item.url.split('#')[1]!}"`);

    for (const file of ['feed.atom', 'feed.rss', 'feed.json']) {
      const missing = await api<ErrorBody>(`/status/${uniqueSlug('nobody')}/${file}`);
      expect(missing.status, file).toBe(404);
      expect(missing.body.detail).toBe('Status page not found');
    }
  });

  it('is a 404 for a slug no page has, and for one that cannot be a slug', async () => {
    for (const slug of [uniqueSlug('nobody'), 'NOT_A_SLUG!']) {
      const answer = await api<ErrorBody>(`/api/public/status/${encodeURIComponent(slug)}`);
      expect(answer.status, slug).toBe(404);
      expect(answer.body.detail).toBe('Status page not found');
    }
  });
});
