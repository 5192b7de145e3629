import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRIVATE_PAGE_TEXTS } from '../../shared/status-pages/private-access.js';
import { userKey } from '../../shared/table/keys.js';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import type { StatusPageView } from '../../shared/status-pages/schemas.js';
import { SUBSCRIBER_TEXTS, type SubscriberList } from '../../shared/status-pages/subscribers.js';
import { api, signedInUser } from '../integration/helpers/api.js';
import { getMonitorItem, patchTableItem, sendJobsToEveryRegion, startTargetSite, waitFor } from '../integration/helpers/pipeline.js';
import { axeFindings, formatFindings } from './helpers/axe.js';
import { finishAnimations, hasChromium, launchBrowser, SCREENSHOT_DIR, screenshot, signIn } from './helpers/browser.js';
import { newestMailTo } from './helpers/mail.js';

/**
 * The public status page in a real browser (docs/status-pages.md "The public page"): a signed-up
 * user's page, made through the API, opens at /status/<slug> for a visitor who is not signed in,
 * complete with JavaScript off; with JavaScript on it follows an outage without a reload. A visitor
 * subscribes from its "Get updates" form with JavaScript off and on, and the owner sees the
 * subscribers on the page's screen in the app (docs/status-pages.md "Subscribers").
 */
describe.skipIf(!hasChromium())('public status page (browser)', () => {
  const baseUrl = inject('baseUrl');
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let userId: string;
  let monitorId: string;
  let slug: string;
  let pageId: string;

  /** Plays a round of now through the real checkers and processor; resolves when it is in the table. */
  const transition = async (): Promise<void> => {
    const round = roundStartedAt(new Date());
    await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [{ userId, monitorId, url: site.url(), timeoutSeconds: 5, slowThresholdMs: 5000, round }] });
    await waitFor(`round ${round} applied`, async () => (await getMonitorItem(userId, monitorId))?.last_round === round, 30_000);
  };

  beforeAll(async () => {
    site = await startTargetSite();
    const user = await signedInUser('e2e-status-page');
    owner = user;
    userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
    const monitor = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Storefront', url: site.url(), check_interval: 300, timeout: 5 },
    });
    monitorId = monitor.body.id;
    await waitFor('the first check', async () => (await getMonitorItem(userId, monitorId))?.is_up === true, 30_000);
    slug = `shop-${userId.slice(-8).toLowerCase()}`;
    const page = await api<StatusPageView>('/api/status-pages', {
      method: 'POST',
      token: user.token,
      body: { name: 'Shop <b>status</b>', slug, monitor_ids: [monitorId] },
    });
    expect(page.status).toBe(201);
    pageId = page.body.id;
  });

  afterAll(async () => {
    await site?.down();
  });

  it('opens without signing in and reads completely with JavaScript off', async () => {
    const session = await launchBrowser({ javaScriptEnabled: false });
    try {
      const { page } = session;
      const response = await page.goto(`${baseUrl}/status/${slug}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toContain('text/html');
      expect(response?.headers()['cache-control']).toBe('public, max-age=25, stale-while-revalidate=60');
      expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
      await expect(page.title()).resolves.toBe('Shop <b>status</b> status');
      await page.getByRole('heading', { level: 1, name: 'Shop <b>status</b>' }).waitFor();
      await page.getByText('All systems operational').waitFor();
      const component = page.locator('article.component', { hasText: 'Storefront' });
      await component.getByText('Operational', { exact: true }).waitFor();
      expect(await component.locator('.bar').count()).toBe(90);
      // A day opens its panel on focus without any script: the keyboard and a tap reach it.
      await component.locator('.bar').last().focus();
      expect((await component.locator('.bar > span').last().boundingBox())?.width).toBeGreaterThan(100);
      await page.getByText('No incidents in the last 90 days.').waitFor();

      const missing = await page.goto(`${baseUrl}/status/no-such-page-here`);
      expect(missing?.status()).toBe(404);
      // Kept briefly, so a page created a moment ago opens within seconds (docs/status-pages.md "Caching").
      expect(missing?.headers()['cache-control']).toBe('public, max-age=5');
      await page.getByRole('heading', { name: 'Status page not found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Go to the Upwatch home page' }).getAttribute('href')).toMatch(/\/$/);
    } finally {
      await session.close();
    }
  });

  it('passes axe, and follows an outage without a reload with JavaScript on', async () => {
    const session = await launchBrowser({ bypassCSP: true });
    try {
      const { page } = session;
      await page.clock.install();
      await page.goto(`${baseUrl}/status/${slug}`);
      await page.getByText('All systems operational').waitFor();
      const findings = await axeFindings(page);
      expect(findings, formatFindings('status page', findings)).toEqual([]);

      // The script makes each component's bars one tab stop that the arrow keys move through.
      const bars = page.locator('article.component .bar');
      await bars.last().focus();
      await page.keyboard.press('ArrowLeft');
      await expect(bars.nth(88).evaluate((bar) => bar === document.activeElement)).resolves.toBe(true);

      await site.down();
      await transition();
      await page.clock.runFor(30_000);
      await page.locator('.banner-text', { hasText: 'Major outage' }).waitFor({ timeout: 10_000 });
      const component = page.locator('article.component', { hasText: 'Storefront' });
      await component.getByText('Major outage', { exact: true }).waitFor();
      await page.locator('.incident-title', { hasText: 'Storefront is down' }).waitFor();
      await expect(page.locator('#live-note').textContent()).resolves.toBe('Status changed: Major outage');
      // Focus stayed on the bar it was on when the page was swapped.
      await expect(bars.nth(88).evaluate((bar) => bar === document.activeElement)).resolves.toBe(true);
      await screenshot(page, 'status-page-live-outage');
    } finally {
      await session.close();
    }
  });

  it('lets a visitor subscribe with JavaScript off and on; the owner sees, exports and removes them', async () => {
    const tag = userId.slice(-6).toLowerCase();
    const plainAddress = `plain-${tag}@example.com`;
    const scriptedAddress = `scripted-${tag}@example.com`;

    // JavaScript off: a plain form post, answered by a page of its own.
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const { page } = plain;
      await page.goto(`${baseUrl}/status/${slug}`);
      await page.getByRole('link', { name: 'Get updates' }).click();
      await page.getByLabel('Email address').fill(plainAddress);
      // The component boxes show only while "Only the components I choose" is checked, with no script.
      const box = page.getByRole('checkbox', { name: 'Storefront' });
      await expect(box.isVisible()).resolves.toBe(false);
      await page.getByLabel('Only the components I choose').check();
      await box.check();
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText(SUBSCRIBER_TEXTS.subscribeAccepted).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/status/${slug}/subscribe`);
    } finally {
      await plain.close();
    }
    await newestMailTo(plainAddress);

    // JavaScript on: the answer shows under the button, and a refresh meanwhile keeps a typed address.
    const scripted = await launchBrowser();
    try {
      const { page } = scripted;
      await page.clock.install();
      await page.goto(`${baseUrl}/status/${slug}`);
      const email = page.getByLabel('Email address');
      await email.fill(scriptedAddress);
      const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === `/status/${slug}` && response.request().method() === 'GET');
      await page.clock.runFor(30_000);
      await refreshed;
      await expect(email.inputValue()).resolves.toBe(scriptedAddress);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await page.locator('.sub-answer', { hasText: SUBSCRIBER_TEXTS.subscribeAccepted }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/status/${slug}`);
      await expect(email.inputValue()).resolves.toBe('');

      // The visitor confirms from the mail: a page with one button.
      const mail = await newestMailTo(scriptedAddress);
      const text = [mail.body?.text, mail.text, mail.body?.html, mail.html].filter(Boolean).join('\n');
      const link = new RegExp(`/status/${slug}/subscription/confirm\\?token=[^\\s"'<>&]+`).exec(text)?.[0];
      expect(link, 'a confirmation link in the mail').toBeTruthy();
      await page.goto(`${baseUrl}${link}`);
      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await page.getByText(SUBSCRIBER_TEXTS.confirmed).waitFor();
    } finally {
      await scripted.close();
    }

    // The owner's list on the page's screen: newest first, the counts, Export CSV and Remove.
    const app = await launchBrowser();
    try {
      const { page } = app;
      await signIn(page, baseUrl, owner.email);
      await page.goto(`${baseUrl}/app/status-pages/${pageId}`);
      const section = page.getByRole('region', { name: 'Subscribers' });
      await section.getByText('1 confirmed · 1 pending').waitFor();
      const rows = section.getByTestId('subscriber-row');
      // Storefront is the page's one component: choosing it is choosing the whole page.
      await expect(rows.allTextContents()).resolves.toEqual([
        expect.stringMatching(new RegExp(`^${scriptedAddress}Confirmed.*Follows: Whole page`)),
        expect.stringMatching(new RegExp(`^${plainAddress}Pending.*Follows: Whole page`)),
      ]);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      for (const size of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(size);
        await finishAnimations(page);
        await section.screenshot({ path: path.join(SCREENSHOT_DIR, `app-status-page-subscribers-${size.width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 860 });

      const download = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const csv = fs.readFileSync((await file.path())!, 'utf8');
      expect(csv).toContain(scriptedAddress);
      expect(csv).toContain(plainAddress);

      await section.getByRole('button', { name: `Remove ${plainAddress}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove subscriber' });
      await dialog.getByRole('button', { name: 'Remove subscriber' }).click();
      await dialog.waitFor({ state: 'detached' });
      await section.getByText('1 confirmed · 0 pending').waitFor();
      await expect(rows.count()).resolves.toBe(1);
      const list = await api<SubscriberList>(`/api/status-pages/${pageId}/subscribers`, { token: owner.token });
      expect(list.body.subscribers.map((subscriber) => subscriber.email)).toEqual([scriptedAddress]);
    } finally {
      await app.close();
    }
  });
});

/**
 * A private page in a real browser (docs/status-pages.md "Private pages"): a Business account's
 * page behind a password shows its form to a visitor, says so when the password is wrong, and opens
 * the page once it is right (the cookie carries the visitor from then on).
 */
describe.skipIf(!hasChromium())('private status page (browser)', () => {
  const baseUrl = inject('baseUrl');
  let slug: string;
  let email: string;
  let pageId: string;

  beforeAll(async () => {
    const user = await signedInUser('e2e-private-page');
    email = user.email;
    const userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
    await patchTableItem(userKey(userId), { subscription_tier: 'business' });
    const monitor = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Intranet', url: 'https://intranet.example.com', check_interval: 300, timeout: 5 },
    });
    slug = `team-${userId.slice(-8).toLowerCase()}`;
    const page = await api<StatusPageView>('/api/status-pages', {
      method: 'POST',
      token: user.token,
      body: { name: 'Team status', slug, monitor_ids: [monitor.body.id], access: { visibility: 'password', password: 'open sesame' } },
    });
    expect(page.status).toBe(201);
    pageId = page.body.id;
  });

  it('asks for the password, refuses a wrong one, and opens the page with the right one', async () => {
    const session = await launchBrowser({ bypassCSP: true });
    try {
      const { page } = session;
      const gate = await page.goto(`${baseUrl}/status/${slug}`);
      expect(gate?.headers()['cache-control']).toBe('private, no-store');
      await page.getByText(PRIVATE_PAGE_TEXTS.passwordPrompt).waitFor();
      const findings = await axeFindings(page);
      expect(findings, formatFindings('private status page gate', findings)).toEqual([]);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 760 : 700 });
        await screenshot(page, `status-page-private-password-${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 860 });

      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'View page' }).click();
      await page.getByRole('alert').filter({ hasText: PRIVATE_PAGE_TEXTS.wrongPassword }).waitFor();
      await expect(page.getByRole('heading', { name: 'Team status' }).count()).resolves.toBe(0);
      await screenshot(page, 'status-page-private-wrong-1280');

      await page.getByLabel('Password').fill('open sesame');
      await page.getByRole('button', { name: 'View page' }).click();
      await page.getByRole('heading', { name: 'Team status' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/status/${slug}`);
      // The cookie carries the visitor: the page opens again without the form.
      await page.reload();
      await page.getByText('Intranet').first().waitFor();
      const cookies = await session.context.cookies(baseUrl);
      expect(cookies.find((cookie) => cookie.name.startsWith('upwatch_sp_'))).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await session.close();
    }
  });

  it("shows the owner the page's access in the form: Password chosen, the password field saying unchanged", async () => {
    const session = await launchBrowser({ bypassCSP: true });
    try {
      const { page } = session;
      await signIn(page, baseUrl, email);
      await page.goto(`${baseUrl}/app/status-pages/${pageId}`);
      const access = page.getByRole('region', { name: 'Access' });
      await expect(access.getByRole('radio', { name: /^Password/ }).isChecked()).resolves.toBe(true);
      await expect(access.getByLabel('Page password', { exact: true }).getAttribute('placeholder')).resolves.toBe('unchanged');
      await access.getByRole('radio', { name: /^Allowed e-mail domains/ }).check();
      await access.getByLabel('Allowed domains').waitFor();
      const findings = await axeFindings(page);
      expect(findings, formatFindings('status page form, Access section', findings)).toEqual([]);
      await access.getByRole('radio', { name: /^Password/ }).check();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 860 });
        await access.scrollIntoViewIfNeeded();
        await access.screenshot({ path: `${SCREENSHOT_DIR}/status-page-private-settings-${width}.png` });
      }
    } finally {
      await session.close();
    }
  });
});
