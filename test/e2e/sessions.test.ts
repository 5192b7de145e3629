import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signedInUser } from '../integration/helpers/api.js';
import { hasChromium, launchBrowser, screenshot, signIn, type BrowserSession } from './helpers/browser';

/**
 * Sessions in the browser (docs/security.md "Tokens and sessions"): one person signed in in two
 * browsers; the first signs the second out from Settings -> Security, and the second is sent to the
 * sign-in form at its next action.
 */
describe.skipIf(!hasChromium())('sessions (browser)', () => {
  const baseUrl = inject('baseUrl');
  let first: BrowserSession;
  let second: BrowserSession;
  let email: string;

  beforeAll(async () => {
    const user = await signedInUser('e2e-sessions');
    email = user.email;
    // The helper signed in through the API: that session is ended, so the list shows the two browsers.
    await api('/api/auth/logout', { method: 'POST', token: user.token, body: {} });
    first = await launchBrowser();
    second = await launchBrowser();
    await signIn(first.page, baseUrl, email);
    await signIn(second.page, baseUrl, email);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('signs the other browser out from the list, and that browser is shown the sign-in at its next action', async () => {
    const { page } = first;
    await page.goto(`${baseUrl}/app/settings?section=security`);
    const rows = page.getByTestId('session-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await expect.poll(() => page.getByText('This device', { exact: true }).count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Chrome on Linux');
    await screenshot(page, 'active-sessions-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'active-sessions-390');
    await page.setViewportSize({ width: 1280, height: 860 });

    const other = rows.filter({ hasNot: page.getByText('This device', { exact: true }) });
    await other.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(1);

    // The second browser's next action: opening another screen from its menu.
    await second.page.getByRole('link', { name: 'Monitors' }).first().click();
    // /app/* shows the sign-in form in place of a page it may no longer open (app/guards.tsx).
    await second.page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(await second.page.evaluate(() => localStorage.getItem('upwatch.user.session'))).toBeNull();

    // The first browser is still signed in.
    await page.goto(`${baseUrl}/app/dashboard`);
    await page.waitForURL(`${baseUrl}/app/dashboard`);
  });
});
