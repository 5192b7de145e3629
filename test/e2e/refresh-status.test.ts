import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, PASSWORD, signedInUser } from '../integration/helpers/api.js';
import { startTargetSite } from '../integration/helpers/pipeline.js';
import { formReady, hasChromium, launchBrowser, screenshot, type BrowserSession } from './helpers/browser';

/**
 * Refresh Status in the browser, through the real check pipeline of the local cloud: a site on
 * this machine shows Online with a response time, then Offline with the Current Issue once it stops.
 */
describe.skipIf(!hasChromium())('refresh status (browser)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let email: string;

  beforeAll(async () => {
    site = await startTargetSite();
    const user = await signedInUser('e2e-refresh');
    email = user.email;
    await api('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Shop on this machine', url: site.url(), check_interval: 300, timeout: 5 },
    });
    session = await launchBrowser();
    const { page } = session;
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
  });

  afterAll(async () => {
    await session?.close();
    await site?.down();
  });

  it('checks the monitor now and shows it online with its response time', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/monitors`);
    const card = page.getByTestId('monitor-card');
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    // What the checks found, not "1 successful" (which a down site would also be).
    await page.getByText('Checked 1 monitor: 1 up, 0 down').waitFor();
    await card.getByText('Online').waitFor();
    expect(await card.getByText(/^\d+ ms$/).isVisible()).toBe(true);
    await screenshot(page, '10-refreshed-online');
  });

  it('shows the site offline with the current issue once it stops answering', async () => {
    const { page } = session;
    await site.down();
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await page.getByText('Checked 1 monitor: 0 up, 1 down').waitFor();
    const card = page.getByTestId('monitor-card');
    await card.getByText('Offline').waitFor();
    const issue = card.getByTestId('current-issue');
    await issue.waitFor();
    expect(await issue.getByText('HIGH impact').isVisible()).toBe(true);
    expect((await issue.textContent())?.length).toBeGreaterThan(40);
    await screenshot(page, '11-refreshed-offline');
  });
});
