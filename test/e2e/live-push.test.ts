import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { api, PASSWORD, signedInUser } from '../integration/helpers/api.js';
import { getMonitorItem, sendJobsToEveryRegion, startTargetSite, waitFor } from '../integration/helpers/pipeline.js';
import { formReady, hasChromium, launchBrowser, screenshot, type BrowserSession } from './helpers/browser';

/**
 * Pushes in the browser (docs/live-status.md "Pushes"), with the poll switched off so only a push
 * can change the screen: an open dashboard shows an outage within 3 s of the transition, and the
 * recovery the same way.
 */
describe.skipIf(!hasChromium())('live pushes (browser, poll off)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let user: { email: string; token: string };
  let userId: string;
  let monitorId: string;
  const statCard = (page: Page, label: string) => page.getByTestId('stat-card').filter({ hasText: label });
  const dashboardReads: number[] = [];

  /** Plays a round of now through the real checkers and processor; resolves when its commit is visible in the table. */
  const transition = async (): Promise<number> => {
    const round = roundStartedAt(new Date());
    await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [{ userId, monitorId, url: site.url(), timeoutSeconds: 5, slowThresholdMs: 5000, round }] });
    return waitFor(`round ${round} applied`, async () => ((await getMonitorItem(userId, monitorId))?.last_round === round ? Date.now() : undefined), 30_000);
  };

  beforeAll(async () => {
    site = await startTargetSite();
    user = await signedInUser('e2e-push');
    userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
    const created = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Pushed shop', url: site.url(), check_interval: 300, timeout: 5 },
    });
    monitorId = created.body.id;
    await waitFor('the first check', async () => (await getMonitorItem(userId, monitorId))?.is_up === true, 30_000);
    session = await launchBrowser();
    // The switch (docs/live-status.md "Pushes"): no 30 s poll, no 3 s poll, no refresh on focus.
    await session.context.addInitScript(() => window.localStorage.setItem('upwatch.live.poll', 'off'));
    session.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/dashboard/stats') dashboardReads.push(Date.now());
    });
    const { page } = session;
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await statCard(page, 'Online').getByText('1', { exact: true }).waitFor();
  });

  afterAll(async () => {
    await session?.close();
    await site?.down();
  });

  it('shows the outage on the open dashboard within 3 s of the transition', async () => {
    const { page } = session;
    const readsBefore = dashboardReads.length;
    await site.down();
    const applied = await transition();
    await statCard(page, 'Offline').getByText('1', { exact: true }).waitFor({ timeout: 10_000 });
    const shownAfter = Date.now() - applied;
    await page.getByTestId('recent-incident').filter({ hasText: 'Website Down' }).waitFor({ timeout: 3_000 });
    expect(shownAfter).toBeLessThan(3_000);
    // It came by a push: the poll is off, so the dashboard was read again only because of one.
    expect(dashboardReads.length).toBeGreaterThan(readsBefore);
    await screenshot(page, 'live-push-dashboard-down');
  });

  it('shows the recovery the same way', async () => {
    const { page } = session;
    await site.up();
    const applied = await transition();
    await statCard(page, 'Online').getByText('1', { exact: true }).waitFor({ timeout: 10_000 });
    expect(Date.now() - applied).toBeLessThan(3_000);
  });
});
