import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PublicStatusPage } from '../../shared/status-pages/public-page.js';
import type { StatusPageList } from '../../shared/status-pages/schemas.js';
import { STATUS_SLUG_TAKEN_TEXT } from '../../shared/status-pages/texts.js';
import { api, signedInUser } from '../integration/helpers/api.js';
import { userKey } from '../../shared/table/keys.js';
import { patchTableItem, startTargetSite } from '../integration/helpers/pipeline.js';
import { finishAnimations, hasChromium, launchBrowser, SCREENSHOT_DIR, signIn, type BrowserSession } from './helpers/browser';

const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
] as const;

/**
 * Status pages in the app, in the browser (docs/status-pages.md "Managing pages"), on the Free plan
 * (one page): the empty list, the form with a slug another account holds (the 409 under the slug
 * field), two monitors picked, grouped and renamed, the list at the cap with the page's public
 * link opening in a new tab and the public JSON showing the page as saved, an edit, and delete
 * with confirmation. Screenshots of each
 * screen at 1280 and 390 px. Steps run in order and share one browser.
 */
describe.skipIf(!hasChromium())('status pages in the app (browser)', () => {
  const baseUrl = inject('baseUrl');
  const tag = randomUUID().slice(0, 6);
  const name = `Acme ${tag}`;
  const slug = `acme-${tag}`;
  const takenSlug = `taken-${tag}`;
  let session: BrowserSession;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let site: Awaited<ReturnType<typeof startTargetSite>>;

  const shoot = async (page: Page, screen: string) => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await finishAnimations(page);
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `app-status-pages-${screen}-${size.width}.png`), fullPage: true });
    }
    await page.setViewportSize(WIDTHS[0]);
  };

  const pagesOfOwner = async () => (await api<StatusPageList>('/api/status-pages', { token: owner.token })).body;

  beforeAll(async () => {
    site = await startTargetSite();
    owner = await signedInUser('e2e-status-pages');
    // Two monitors to pick from on a Free account (one monitor, one page): added while the account
    // is on Pro for a moment, set in the table as the other browser tests set plans.
    Object.assign(process.env, inject('cloudEnv'));
    const me = (await api<{ id: string }>('/api/auth/me', { token: owner.token })).body;
    await patchTableItem(userKey(me.id), { subscription_tier: 'pro' });
    for (const [monitorName, url] of [
      ['Website', site.url()],
      ['Public API', site.url('api')],
    ] as const) {
      const created = await api('/api/monitors', { method: 'POST', token: owner.token, body: { name: monitorName, url, check_interval: 300, timeout: 10 } });
      expect(created.status).toBe(201);
    }
    await patchTableItem(userKey(me.id), { subscription_tier: 'free' });
    // Another account already holds one slug.
    const other = await signedInUser('e2e-status-pages-other');
    expect((await api('/api/status-pages', { method: 'POST', token: other.token, body: { name: 'Taken', slug: takenSlug, monitor_ids: [] } })).status).toBe(201);
    session = await launchBrowser();
    await signIn(session.page, baseUrl, owner.email);
  });

  afterAll(async () => {
    await session?.close();
    await site?.down();
  });

  it('opens from the sidebar on an empty list that says what a status page is', async () => {
    const { page } = session;
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Status pages' }).click();
    await page.waitForURL(`${baseUrl}/app/status-pages`);
    await page.getByRole('heading', { name: 'No status pages yet' }).waitFor();
    expect(await page.getByTestId('status-pages-used').textContent()).toBe('0 of 1 status page used');
    await shoot(page, 'empty');
  });

  it('creates a page: a taken slug shows under the slug field, then two monitors grouped and in order', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Create status page' }).click();
    await page.waitForURL(`${baseUrl}/app/status-pages/new`);
    await page.getByLabel('Page name').fill(name);
    expect(await page.getByLabel('Slug').inputValue()).toBe(slug);
    await page.getByText(`Public address: ${baseUrl}/status/${slug}`).waitFor();

    await page.getByLabel('Slug').fill(takenSlug);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(STATUS_SLUG_TAKEN_TEXT).waitFor();
    expect(await page.getByLabel('Slug').getAttribute('aria-invalid')).toBe('true');
    // The refused field has the focus, its message read with it.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('slug');

    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Description').fill('Live status of the Acme services.');
    await page.getByLabel('Accent colour', { exact: true }).fill('#0f766e');
    const monitors = page.getByRole('list', { name: 'Your monitors' });
    await monitors.getByLabel(/^Website/).check();
    await monitors.getByLabel(/^Public API/).check();
    const rows = page.locator('li[data-monitor]');
    await rows.nth(1).getByLabel('Group').fill('Core');
    await rows.nth(0).getByLabel('Public name').fill('Web app');
    await page.getByRole('button', { name: 'Move Public API up' }).click();
    expect(await rows.nth(0).textContent()).toContain('Public API');
    await shoot(page, 'form');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/app/status-pages`);
    const saved = (await pagesOfOwner()).status_pages[0]!;
    expect(saved).toMatchObject({ name, slug, description: 'Live status of the Acme services.', accent_color: '#0f766e', show_automatic_incidents: true });
    expect(saved.components.map(({ display_name, group }) => ({ display_name, group }))).toEqual([
      { display_name: 'Public API', group: 'Core' },
      { display_name: 'Web app', group: null },
    ]);
  });

  it('lists the page with its public link, and at the Free cap offers the upgrade instead of Create', async () => {
    const { page } = session;
    const card = page.getByTestId('status-page-card');
    await card.getByRole('heading', { name }).waitFor();
    expect(await card.textContent()).toContain('2 components');
    expect(await page.getByTestId('status-pages-used').textContent()).toBe('1 of 1 status page used');
    expect(await page.getByRole('link', { name: 'Create status page' }).count()).toBe(0);
    await page.getByTestId('status-page-limit').getByRole('link', { name: 'Upgrade Your Plan' }).waitFor();
    await shoot(page, 'list');

    const link = card.getByRole('link', { name: new RegExp(`/status/${slug}`) });
    expect(await link.getAttribute('href')).toBe(`${baseUrl}/status/${slug}`);
    const [publicTab] = await Promise.all([session.context.waitForEvent('page'), link.click()]);
    await publicTab.waitForLoadState();
    expect(publicTab.url()).toBe(`${baseUrl}/status/${slug}`);
    await publicTab.close();
    // What a visitor is shown at that address, without signing in: the page as the form saved it.
    const shown = await api<PublicStatusPage>(`/api/public/status/${slug}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ name, slug, accent_color: '#0f766e' });
    expect(shown.body.groups.map((group) => [group.name, group.components.map((component) => component.name)])).toEqual([
      [null, ['Web app']],
      ['Core', ['Public API']],
    ]);
  });

  it('edits the page and deletes it after asking', async () => {
    const { page } = session;
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByLabel('Slug').inputValue()).toBe(slug);
    await page.getByLabel('Page name').fill(`${name} services`);
    expect(await page.getByLabel('Slug').inputValue()).toBe(slug);
    await page.getByRole('switch', { name: 'Show incidents the checks open' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/app/status-pages`);
    await page.getByRole('heading', { name: `${name} services` }).waitFor();
    expect((await pagesOfOwner()).status_pages[0]).toMatchObject({ slug, show_automatic_incidents: false });

    await page.getByRole('button', { name: `Delete ${name} services` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete status page' });
    await dialog.getByRole('button', { name: 'Delete status page' }).click();
    await page.getByRole('heading', { name: 'No status pages yet' }).waitFor();
    expect((await pagesOfOwner()).used).toBe(0);
  });
});
