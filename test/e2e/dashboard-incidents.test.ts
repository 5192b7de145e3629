import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hourBucket, hourBucketStart } from '../../shared/checks/rollups.js';
import { TEXT } from '../../shared/texts.js';
import { api, PASSWORD, signedInUser } from '../integration/helpers/api.js';
import { checkerRegions, createMonitorWithoutFirstCheck, getMonitorItem, sendJobsToEveryRegion, waitFor } from '../integration/helpers/pipeline.js';
import { startTargetSite } from '../setup/target-site.js';
import { formReady, hasChromium, launchBrowser, SCREENSHOT_DIR, type BrowserSession } from './helpers/browser';

const WIDTHS = [1280, 390] as const;
const MONITOR_NAME = 'Shop on this machine';
/** The monitor's timeout: long enough for the deliberately slow answers below. */
const TIMEOUT_SECONDS = 10;
/** Over the default slow threshold (5 s): three such rounds in a row open a Performance Issue. */
const SLOW_MS = 5_300;


/**
 * The dashboard, the incident list and the monitor detail view in the browser, from real check
 * rounds: jobs on every region's check queue (as the dispatcher sends them; the test cloud runs no
 * schedules), real HTTP checks of a site on this machine, the result processor's state, incidents
 * and hourly rollups. Rounds are dated in the past hours so the chart has a day of history, with a
 * gap. Steps run in order and share one browser; every screen must load without console errors.
 */
describe.skipIf(!hasChromium())('dashboard, incidents and monitor details (browser)', () => {
  const baseUrl = inject('baseUrl');
  const consoleErrors: string[] = [];
  let session: BrowserSession;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let token: string;
  let userId: string;
  let monitorId: string;

  const thisHour = hourBucketStart(hourBucket(new Date()));
  /** A round id `hours` before the current hour began, five minutes into its hour. */
  const roundAt = (hours: number) => new Date(thisHour - hours * 3_600_000 + 5 * 60_000).toISOString();

  const runRound = async (round: string) => {
    const job = { userId, monitorId, url: site.url(), timeoutSeconds: TIMEOUT_SECONDS, slowThresholdMs: 5_000, round };
    await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [job] });
    await waitFor(`round ${round} applied`, async () => (await getMonitorItem(userId, monitorId))?.last_round === round, 30_000);
  };

  /** Up rounds `hoursAgo`, each answered after the given delay. */
  const upRounds = async (rounds: [hoursAgo: number, delayMs: number][]) => {
    for (const [hoursAgo, delay] of rounds) {
      site.answerAfter(delay);
      await runRound(roundAt(hoursAgo));
    }
  };

  const shoot = async (page: Page, name: string) => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // From the top, or the sticky header lands in the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `insights-${name}-${width}.png`), fullPage: true });
    }
    // The narrowest phone the app supports: nothing may stick out sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 860 });
  };

  const expectNoConsoleErrors = () => {
    expect(consoleErrors).toEqual([]);
  };

  const statCard = (page: Page, label: string) => page.getByTestId('stat-card').filter({ hasText: label });
  const incidentCard = (page: Page, title: string) => page.getByTestId('incident-card').filter({ hasText: title });
  /** Waits until the listed cards are exactly these titles, newest first (a filter change keeps the old list until the new one arrives). */
  const expectCards = async (page: Page, titles: string[]) => {
    await expect.poll(() => page.getByTestId('incident-card').locator('h2').allTextContents(), { timeout: 10_000 }).toEqual(titles);
  };

  beforeAll(async () => {
    site = await startTargetSite();
    const user = await signedInUser('e2e-insights');
    token = user.token;
    userId = (await api<{ id: string }>('/api/auth/me', { token })).body.id;
    session = await launchBrowser();
    const { page } = session;
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
  });

  afterAll(async () => {
    await session?.close();
    await site?.down();
  });

  it('shows an empty dashboard and incident list for a new account', async () => {
    const { page } = session;
    await page.getByTestId('nothing-to-measure').waitFor();
    expect(await page.getByText(TEXT.noRecentIncidents).count()).toBe(0);
    expect(await statCard(page, 'Total Monitors').textContent()).toMatch(/Total Monitors\s*0/);
    expect(await statCard(page, 'Online').textContent()).toMatch(/Online\s*0/);
    expect(await statCard(page, 'Offline').textContent()).toMatch(/Offline\s*0/);
    expect(await statCard(page, 'Uptime').textContent()).toMatch(/Uptime\s*—\s*Nothing to measure yet/);
    expect(await page.getByRole('link', { name: 'Add New Monitor' }).getAttribute('href')).toBe('/app/monitors');
    expect(await statCard(page, 'Offline').getAttribute('href')).toBe('/app/monitors/offline');
    await shoot(page, 'dashboard-empty');

    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Incidents' }).click();
    await page.waitForURL(`${baseUrl}/app/incidents`);
    await page.getByText(TEXT.noIncidentsReported).waitFor();
    await shoot(page, 'incidents-empty');
    expectNoConsoleErrors();
  });

  it('shows an outage on the dashboard: one offline monitor and the recent incident', async () => {
    // A day of past rounds is played below: the check a new monitor gets at once would make them late.
    monitorId = (await createMonitorWithoutFirstCheck(userId, { name: MONITOR_NAME, url: site.url(), check_interval: 300, timeout: TIMEOUT_SECONDS })).id;

    // A day of history: up, a four-hour gap, up, a slow spell (a Performance Issue that ends),
    // up again, then the site stops answering.
    await upRounds([[22, 60], [21, 85], [20, 70], [19, 110], [14, 90], [13, 130]]);
    await upRounds([[12, SLOW_MS], [11, SLOW_MS], [10, SLOW_MS], [9, 75], [8, 100], [7, 95], [6, 140], [5, 120]]);
    await site.down();
    await runRound(roundAt(3));

    const { page } = session;
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    const recent = page.getByTestId('recent-incident');
    await recent.filter({ hasText: 'Website Down' }).waitFor();
    expect(await statCard(page, 'Total Monitors').textContent()).toMatch(/Total Monitors\s*1/);
    expect(await statCard(page, 'Online').textContent()).toMatch(/Online\s*0/);
    expect(await statCard(page, 'Offline').textContent()).toMatch(/Offline\s*1/);
    expect(await statCard(page, 'Uptime').textContent()).toMatch(/Uptime\s*\d+(\.\d+)?%/);
    const down = recent.filter({ hasText: 'Website Down' });
    expect(await down.textContent()).toContain(MONITOR_NAME);
    expect(await down.textContent()).toContain('Open');
    expect(await recent.filter({ hasText: 'Performance Issue' }).count()).toBe(1);
    await shoot(page, 'dashboard-outage');
    expectNoConsoleErrors();
  });

  it('lists the outage with its details on the incidents page, and the filters narrow the list', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'View all incidents' }).click();
    await page.waitForURL(`${baseUrl}/app/incidents`);
    const outage = incidentCard(page, 'Website Down');
    await outage.waitFor();
    const text = (await outage.textContent()) ?? '';
    for (const expected of [MONITOR_NAME, site.url(), 'Open', 'HIGH impact', 'Site inaccessible', 'What happened', 'Recommended action']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Category\s*connection refused/);
    expect(text).toMatch(/Started\s*(Just now|\d+ seconds? ago)/);
    const slow = incidentCard(page, 'Performance Issue');
    expect(await slow.textContent()).toMatch(/Resolved.*Lasted/);
    expect(await slow.textContent()).toContain('slow response');
    expect(await slow.textContent()).toContain('Site accessible');

    const status = page.getByLabel('Status', { exact: true });
    const type = page.getByLabel('Type', { exact: true });
    await status.selectOption({ label: 'Open' });
    await page.waitForURL(/status=open/);
    await expectCards(page, ['Website Down']);

    await status.selectOption({ label: 'Resolved' });
    await expectCards(page, ['Performance Issue']);

    await status.selectOption({ label: 'All Status' });
    await type.selectOption({ label: 'Recovered' });
    await page.waitForURL(/type=up/);
    await page.getByText(TEXT.noIncidentsReported).waitFor();

    await type.selectOption({ label: 'Down' });
    await expectCards(page, ['Website Down']);

    // Slow incidents have no type choice of their own (docs/product-rules.md "Incidents and their texts"): they are listed under All Types.
    await type.selectOption({ label: 'All Types' });
    await expectCards(page, ['Website Down', 'Performance Issue']);
    expectNoConsoleErrors();
  });

  it('shows the recovery after Refresh, and the outage resolved with its duration', async () => {
    await site.up();
    await upRounds([[1, 80], [0, 105]]);

    const { page } = session;
    await page.getByRole('button', { name: 'Refresh' }).click();
    const recovered = incidentCard(page, 'Website Recovered');
    await recovered.waitFor();
    expect(await recovered.textContent()).toContain('Resolved');
    expect(await recovered.textContent()).toContain('Site accessible');
    expect(await recovered.textContent()).toMatch(/Status code\s*200/);
    await expectCards(page, ['Website Recovered', 'Website Down', 'Performance Issue']);
    expect(await incidentCard(page, 'Website Down').textContent()).toMatch(/Resolved.*Lasted/);

    // Refresh marked the other filters stale too: the Recovered view fetches again instead of its cached empty list.
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Recovered' });
    await expectCards(page, ['Website Recovered']);
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'All Types' });
    await expectCards(page, ['Website Recovered', 'Website Down', 'Performance Issue']);
    await shoot(page, 'incidents');
    expectNoConsoleErrors();
  });

  it('shows the monitor: uptime, the response-time chart with its gap, the checks per region and its incidents', async () => {
    const { page } = session;
    await incidentCard(page, 'Website Recovered').getByRole('link', { name: MONITOR_NAME }).click();
    await page.waitForURL(`${baseUrl}/app/monitors/${monitorId}`);
    await page.getByRole('heading', { level: 1, name: MONITOR_NAME }).waitFor();
    expect(await page.getByText('Online', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText('Every 5 min').isVisible()).toBe(true);

    const uptime = page.getByTestId('uptime-window');
    expect(await uptime.count()).toBe(3);
    // 17 rounds in the last day, one of them down (slow answers are still up).
    expect(await uptime.first().textContent()).toMatch(/Last 24 hours\s*94\.12%/);

    const chart = page.getByRole('img', { name: /Response time, the last 24 hours/ });
    await chart.waitFor();
    expect(await chart.locator('desc').textContent()).toMatch(/hours have no data/);
    // The line breaks at the four empty hours (and the down hour has no response time): several runs.
    expect(await chart.locator('path[fill="none"]').count()).toBeGreaterThanOrEqual(2);

    expect(await page.getByTestId('region-check').count()).toBe(checkerRegions().length);
    const rows = page.getByTestId('check-row');
    expect(await rows.count()).toBeGreaterThan(checkerRegions().length);
    const region = checkerRegions()[0]!;
    await page.getByRole('group', { name: 'Show checks from' }).getByRole('button', { name: region }).click();
    await expect.poll(async () => (await rows.allTextContents()).every((row) => row.includes(region)), { timeout: 10_000 }).toBe(true);

    // The incident cards are their own chunk (code splitting): wait for them, don't count at once.
    const incidents = page.getByTestId('incident-card');
    await expect.poll(() => incidents.count(), { timeout: 10_000 }).toBe(3);

    // The response-time card's own period buttons and table (the analytics panel below has its own).
    const responseTime = page.getByRole('region', { name: 'Response time', exact: true });
    await responseTime.getByRole('button', { name: '7 days' }).click();
    const week = page.getByRole('img', { name: /Response time, the last 7 days/ });
    await week.waitFor();
    expect(await responseTime.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    const box = (await week.boundingBox())!;
    await page.mouse.move(box.x + box.width - 20, box.y + 100);
    await responseTime.screenshot({ path: path.join(SCREENSHOT_DIR, 'insights-chart-7d-hover-1280.png') });
    await responseTime.getByRole('button', { name: '24 hours' }).click();
    await responseTime.getByText('Show data table').click();
    expect(await responseTime.getByRole('table').first().locator('tbody tr').count()).toBe(24);
    await responseTime.getByText('Show data table').click();
    await shoot(page, 'monitor-details');
    expectNoConsoleErrors();
  });

  it("shows the server's detail when a screen fails to load, else the product's text", async () => {
    const { page } = session;
    await page.route('**/api/dashboard/stats', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Upwatch is down for maintenance', code: 'UNAVAILABLE' }) }),
    );
    await page.route('**/api/incidents?*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    try {
      await page.goto(`${baseUrl}/app/dashboard`);
      await page.getByRole('alert').filter({ hasText: 'Upwatch is down for maintenance' }).waitFor();
      expect(await page.getByRole('link', { name: 'Add New Monitor' }).isVisible()).toBe(true);
      await page.goto(`${baseUrl}/app/incidents`);
      await page.getByRole('alert').filter({ hasText: TEXT.failedToLoadIncidents }).waitFor();
    } finally {
      await page.unrouteAll();
    }
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !/status of 50[23]/.test(error)));
    expectNoConsoleErrors();
  });

  it('says a monitor that is not there is not found, with a way back', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/monitors/01ARZ3NDEKTSV4RRFFQ69G5FAV`);
    await page.getByRole('heading', { name: 'Monitor not found' }).waitFor();
    // The browser itself logs the API's 404 answer; nothing else may be logged.
    expect(consoleErrors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await page.getByRole('link', { name: 'Back to monitors' }).click();
    await page.waitForURL(`${baseUrl}/app/monitors`);
  });
});
