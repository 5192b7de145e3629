import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { api, mailsTo, PASSWORD, signedInUser, uniqueEmail } from '../integration/helpers/api.js';
import { createMonitorWithoutFirstCheck, getMonitorItem, sendJobsToEveryRegion, startTargetSite, waitFor } from '../integration/helpers/pipeline.js';
import { formReady, hasChromium, launchBrowser, screenshot, type BrowserSession } from './helpers/browser';
import { newestMailTo, verificationLink } from './helpers/mail';

/**
 * The app as a new user meets it (docs/live-status.md), each item in the browser against the local cloud:
 * live status (the screens follow the checks without a reload; a new monitor's first check within
 * seconds), slow is visible (Degraded at once, a per-monitor threshold the server enforces), honest
 * texts, the small visible things, and the speed work (split bundles, compressed assets, parallel
 * data requests). The browser runs in Asia/Calcutta, the old name Chromium may report for India.
 */
describe.skipIf(!hasChromium())('the app as a new user meets it (browser)', () => {
  const baseUrl = inject('baseUrl');
  const consoleErrors: string[] = [];
  let session: BrowserSession;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let user: { email: string; token: string };
  let userId: string;
  let monitorId: string;

  const card = (page: Page) => page.getByTestId('monitor-card');
  const statCard = (page: Page, label: string) => page.getByTestId('stat-card').filter({ hasText: label });

  /** A round of now, as the dispatcher would send it, applied by the real checkers and processor. */
  const checkNow = async (timeoutSeconds = 5, slowThresholdMs = 5000) => {
    const round = roundStartedAt(new Date());
    await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [{ userId, monitorId, url: site.url(), timeoutSeconds, slowThresholdMs, round }] });
    await waitFor(`round ${round} applied`, async () => (await getMonitorItem(userId, monitorId))?.last_round === round, 30_000);
  };

  beforeAll(async () => {
    site = await startTargetSite();
    user = await signedInUser('e2e-live');
    userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
    session = await launchBrowser({ timezoneId: 'Asia/Calcutta' });
    session.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await session?.close();
    await site?.down();
  });

  it('loads the landing page without the app: split bundles, compressed as CloudFront serves them', async () => {
    const { page } = session;
    const scripts: string[] = [];
    const encodings = new Map<string, string | undefined>();
    const record = async (response: import('playwright-core').Response) => {
      if (response.url().endsWith('.js')) {
        scripts.push(new URL(response.url()).pathname);
        encodings.set(new URL(response.url()).pathname, (await response.allHeaders())['content-encoding']);
      }
    };
    page.on('response', record);
    await page.goto(`${baseUrl}/`);
    // The hero is the landing feature's own (lazily loaded) content.
    await page.getByRole('heading', { level: 1 }).waitFor();
    page.off('response', record);
    expect(scripts.some((name) => /\/assets\/marketing-/.test(name))).toBe(true);
    // Nothing of the signed-in app, nor Amplify, nor the dashboard's code.
    expect(scripts.filter((name) => /\/assets\/(amplify|dashboard|monitors|settings|monitor-details)-/.test(name))).toEqual([]);
    expect([...encodings.values()].every((encoding) => encoding === 'br' || encoding === 'gzip')).toBe(true);
  });

  it('offers "Resend verification e-mail" when an unverified address signs in', async () => {
    const { page } = session;
    const email = uniqueEmail('e2e-unverified');
    expect((await api('/api/auth/register', { method: 'POST', body: { name: 'Una', email, password: PASSWORD } })).status).toBe(201);
    await newestMailTo(email); // the first mail has arrived
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please verify your email before logging in.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await page.getByTestId('resend-verification').getByRole('status').waitFor();
    // Counted, not told apart by their time stamps, which two mails sent close together can share.
    await waitFor('a second verification mail', async () => (await mailsTo(email)).length >= 2);
    await screenshot(page, 'live-unverified-login');

    // The link works once; opened again it says the address is verified and offers login.
    const link = verificationLink(await newestMailTo(email), baseUrl);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Already verified' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue to Login' }).getAttribute('href')).toBe('/login');
    await screenshot(page, 'live-already-verified');
  });

  it('starts the dashboard data in parallel with the session check on a cold load', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);

    const started = new Map<string, Request>();
    const finished = new Set<string>();
    const onRequest = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (!started.has(path)) started.set(path, request);
    };
    const onFinished = (request: Request) => finished.add(new URL(request.url()).pathname);
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
    // Requests still open when stats starts: with the old chain (config -> me -> stats) me was done.
    let meOpenWhenStatsStarted: boolean | null = null;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/dashboard/stats' && meOpenWhenStatsStarted === null) {
        meOpenWhenStatsStarted = !finished.has('/api/auth/me');
      }
    });
    await page.reload();
    await statCard(page, 'Total Monitors').waitFor();
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    expect(started.has('/api/auth/me')).toBe(true);
    expect(started.has('/api/dashboard/stats')).toBe(true);
    expect(meOpenWhenStatsStarted).toBe(true);
  });

  it("checks a new monitor at once and shows it on the card without a reload, with the plan's locked intervals", async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByRole('button', { name: 'Add Your First Monitor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    expect(await dialog.getByRole('option', { name: '1 min (Pro plan)' }).isDisabled()).toBe(true);
    await dialog.getByText('Your Free plan checks every 5 min at most often; 1 min checks need the Pro plan, 30 s checks the Business plan.').waitFor();
    await dialog.getByLabel('Monitor Name').fill('Live shop');
    await dialog.getByLabel('Website URL').fill(site.url());
    await dialog.getByLabel('Timeout').selectOption('10');
    // The server enforces what the form says: a threshold beyond the timeout is refused.
    await dialog.getByLabel('Slow threshold (seconds)').fill('12');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.getByText('Slow threshold cannot be longer than the timeout').waitFor();
    await dialog.getByLabel('Slow threshold (seconds)').fill('5');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.waitFor({ state: 'detached' });

    await card(page).getByText('Online', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await card(page).getByText(/^\d+ ms$/).isVisible()).toBe(true);
    await card(page).getByText(/^(Just now|\d+ seconds ago)$/).waitFor();
    monitorId = (await api<{ monitors: { id: string }[] }>('/api/monitors', { token: user.token })).body.monitors[0]!.id;
    await screenshot(page, 'live-first-check');

    const refused = await api('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'x', url: site.url(), check_interval: 300, timeout: 10, slow_threshold: 11 },
    });
    expect(refused.status).toBe(400);
  });

  it('follows a site going down on the open dashboard, without a reload', async () => {
    const { page } = session;
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
    await statCard(page, 'Online').getByText('1', { exact: true }).waitFor();
    await site.down();
    await checkNow(10);
    // The dashboard revalidates every 30 s by itself (and on focus): no reload, no click.
    await statCard(page, 'Offline').getByText('1', { exact: true }).waitFor({ timeout: 45_000 });
    await page.getByTestId('recent-incident').filter({ hasText: 'Website Down' }).waitFor();
    await screenshot(page, 'live-dashboard-down');
  });

  it('opens the incident from the alert mail, and a recovery shows the outage it closes', async () => {
    const { page } = session;
    const alert = await waitFor('the down alert mail', async () => {
      const mail = await newestMailTo(user.email);
      return mail.subject?.startsWith('Website Down') ? mail : null;
    });
    const link = /View incident: (\S+)/.exec(alert.body?.text ?? alert.text ?? '')?.[1];
    expect(link).toMatch(new RegExp(`^${baseUrl}/app/incidents/[0-9A-Z]{26}$`));
    await page.goto(link!);
    await page.getByTestId('incident-card').getByRole('heading', { name: 'Website Down' }).waitFor();
    await screenshot(page, 'live-incident-from-mail');

    await site.up();
    await checkNow(10);
    await page.goto(`${baseUrl}/app/incidents`);
    const recovered = page.getByTestId('incident-card').filter({ hasText: 'Website Recovered' });
    await recovered.getByTestId('incident-duration').getByText(/^Outage lasted /).waitFor();
  });

  it('shows a response over the slow threshold as Degraded on the card, the dashboard and the detail page at once', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByRole('button', { name: 'Edit Live shop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Monitor' });
    expect(await dialog.getByLabel('Slow threshold (seconds)').inputValue()).toBe('5');
    await dialog.getByLabel('Slow threshold (seconds)').fill('0.5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    site.answerAfter(900);
    await checkNow(10, 500);
    site.answerAfter(0);
    await card(page).getByText('Degraded', { exact: true }).waitFor({ timeout: 45_000 });
    expect(await card(page).getByTestId('slow-note').textContent()).toBe('Slower than 0.5 s');
    await screenshot(page, 'live-degraded-card');

    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
    await statCard(page, 'Online').getByText('1 degraded (slow)').waitFor();
    await page.goto(`${baseUrl}/app/monitors/${monitorId}`);
    await page.getByText('Degraded', { exact: true }).first().waitFor();
    expect(await page.getByTestId('slow-threshold').textContent()).toBe('0.5 s');
    await screenshot(page, 'live-degraded-detail');
  });

  it('keeps an open screen live: every 30 s and on focus while visible, never in a hidden tab, its times ticking', async () => {
    // A second browser whose clock the test moves (Playwright fakes the page's timers and Date).
    const live = await launchBrowser();
    try {
      const { page } = live;
      await page.clock.install();
      await page.goto(`${baseUrl}/login`);
      await formReady(page);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${baseUrl}/app/dashboard`);
      await checkNow(10, 500);
      const { last_checked: lastChecked } = (await api<{ monitors: { last_checked: string }[] }>('/api/monitors', { token: user.token })).body.monitors[0]!;
      await page.goto(`${baseUrl}/app/monitors`);
      const lastCheckedText = card(page).locator('time').first();
      await lastCheckedText.waitFor();
      const listRequests: string[] = [];
      const isList = (request: Request) => new URL(request.url()).pathname === '/api/monitors';
      page.on('request', (request) => {
        if (isList(request)) listRequests.push(request.url());
      });

      // 20 s on, with no refresh due: the card's "Last checked" reads the new age by itself.
      await page.clock.fastForward(20_000);
      await waitFor('the card to show the new age', async () => /^\d+ seconds ago$/.test((await lastCheckedText.textContent()) ?? ''), 5_000);
      const shown = Number(/^(\d+)/.exec((await lastCheckedText.textContent()) ?? '')?.[1]);
      const age = Math.floor(((await page.evaluate(() => Date.now())) - Date.parse(lastChecked)) / 1000);
      expect(shown).toBeGreaterThanOrEqual(20);
      expect(age - shown).toBeGreaterThanOrEqual(0);
      expect(age - shown).toBeLessThanOrEqual(2);
      expect(listRequests).toEqual([]);

      // A re-render of the page itself (a dialog opened and closed) keeps the rhythm: the refresh
      // stays due 30 s after the list loaded, not 30 s after the re-render (which would be at 50 s).
      await page.getByRole('button', { name: 'Add Monitor' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(listRequests).toEqual([]);

      // Visible, the list refreshes itself when its 30 s are up, without a click.
      const onInterval = page.waitForResponse((response) => isList(response.request()), { timeout: 5_000 });
      await page.clock.fastForward(12_000);
      await onInterval;
      expect(listRequests).toHaveLength(1);
      // SWR takes a request as fresh for 2 s after its answer is read (dedupingInterval): let that
      // start now, so it is over in the jump below and cannot swallow the focus refresh.
      await page.waitForTimeout(1_000);

      // In a hidden tab the 30 s refresh does not run.
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await page.clock.fastForward(31_000);
      await page.waitForTimeout(1_000);
      expect(listRequests).toHaveLength(1);

      // Back in view, focus refreshes at once (no 30 s wait).
      const onFocus = page.waitForRequest(isList, { timeout: 5_000 });
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
        document.dispatchEvent(new Event('visibilitychange'));
        window.dispatchEvent(new Event('focus'));
      });
      await onFocus;

      // The other live screens refresh themselves the same way: the detail, the incidents, the dashboard.
      for (const [screen, apiPath, ready] of [
        [`/app/monitors/${monitorId}`, `/api/monitors/${monitorId}`, page.getByTestId('slow-threshold')],
        ['/app/incidents', '/api/incidents', page.getByTestId('incident-card').first()],
        ['/app/dashboard', '/api/dashboard/stats', statCard(page, 'Total Monitors')],
      ] as const) {
        await page.goto(`${baseUrl}${screen}`);
        await ready.waitFor();
        // The screen's 30 s timer runs from its mount, before its first answer, and a jump fires
        // due timers in the order they were set: let SWR's 2 s dedupe window of that answer end
        // for real first, or the jump would fire the refresh inside it (no request).
        await page.waitForTimeout(2_500);
        const refreshed = page.waitForRequest((request) => new URL(request.url()).pathname === apiPath, { timeout: 5_000 });
        await page.clock.fastForward(31_000);
        await refreshed;
      }
    } finally {
      await live.close();
    }
  });

  it('counts paused monitors on the dashboard', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByRole('button', { name: 'Pause Live shop' }).click();
    await card(page).getByText('Paused', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
    await statCard(page, 'Total Monitors').getByText('1 paused').waitFor();
  });

  it('shows a not-found page for an unknown /app address, in the app shell', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/no-such-screen`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/app/no-such-screen`);
    expect(await page.getByRole('navigation', { name: 'App' }).isVisible()).toBe(true);
  });

  it('runs the sidebar to the bottom of the window on a short page', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(`${baseUrl}/app/no-such-screen`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const aside = await page.locator('aside').boundingBox();
    expect(aside).not.toBeNull();
    expect(Math.round(aside!.y + aside!.height)).toBeGreaterThanOrEqual(1200);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('finds timezones by search, by their current names, the browser zone first', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/settings`);
    const select = page.getByLabel('Display Timezone');
    await select.waitFor();
    const first = (await select.locator('option').first().textContent()) ?? '';
    expect(first).toMatch(/^Asia\/Kolkata .*your browser$/);
    const all = await select.locator('option').allTextContents();
    expect(all.some((label) => label.startsWith('Europe/Kyiv'))).toBe(true);
    expect(all.some((label) => /Calcutta|Kiev\b/.test(label))).toBe(false);
    await page.getByLabel('Search timezones').fill('new york');
    const found = await select.locator('option').allTextContents();
    expect(found.some((label) => label.startsWith('America/New York'))).toBe(true);
    expect(found.length).toBeLessThan(5);
    await screenshot(page, 'live-timezone-search');
  });

  it('sells SMS alerts on the Pro plan now that SMS channels send texts', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/pricing`);
    await page.getByRole('heading', { name: 'Pro', exact: true }).first().waitFor();
    expect(await page.getByText('SMS and e-mail alerts').count()).toBeGreaterThan(0);
    expect(await page.getByText('Coming Soon').count()).toBe(0);
  });

  it("keeps the chart's empty text inside the plot at 390 px", async () => {
    const { page } = session;
    // Another account whose monitor was never checked: its chart has no data at all.
    const other = await signedInUser('e2e-chart');
    const otherId = (await api<{ id: string }>('/api/auth/me', { token: other.token })).body.id;
    const unchecked = await createMonitorWithoutFirstCheck(otherId, { name: 'Never checked', url: site.url(), check_interval: 300, timeout: 5 });
    await page.goto(`${baseUrl}/app/dashboard`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(other.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/app/monitors/${unchecked.id}`);
    const empty = page.getByTestId('chart-empty');
    await empty.waitFor();
    const box = (await empty.boundingBox())!;
    const svg = (await page.locator('svg[role="img"]').first().boundingBox())!;
    // Right of the y-axis labels (56 px margin) and inside the chart, wrapped rather than overflowing.
    expect(box.x).toBeGreaterThanOrEqual(svg.x + 50);
    expect(box.x + box.width).toBeLessThanOrEqual(svg.x + svg.width + 1);
    expect(await empty.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await screenshot(page, 'live-chart-empty-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('loaded every screen without console errors, except the refused form save', () => {
    const refused = /status of (400|403)/;
    expect(consoleErrors.filter((message) => !refused.test(message))).toEqual([]);
  });
});
