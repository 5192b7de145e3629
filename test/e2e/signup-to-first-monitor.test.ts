import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formReady, hasChromium, launchBrowser, screenshot, type BrowserSession } from './helpers/browser';
import { newestMailTo, verificationLink } from './helpers/mail';

/**
 * The walking skeleton, through the real SPA served by the local cloud: register, verify the e-mail
 * from the link the local SES received, sign in, add a first monitor, and find /app closed again
 * after logout. Steps run in order and share one browser.
 */
describe.skipIf(!hasChromium())('signup to first monitor (browser)', () => {
  const baseUrl = inject('baseUrl');
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-battery';
  const name = 'Grace Hopper';
  const monitorName = `Docs ${randomUUID().slice(0, 4)}`;
  const monitorUrl = 'https://example.com/';
  let session: BrowserSession;

  beforeAll(async () => {
    const index = await (await fetch(`${baseUrl}/`)).text();
    if (!index.includes('id="root"')) throw new Error('the gateway does not serve the SPA: run `npm run build:web` first');
    session = await launchBrowser();
  });

  afterAll(async () => {
    await session?.close();
  });

  it('registers a new account through the form', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/register`);
    await formReady(page);
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByText('Registration Successful!').waitFor();
    expect(await page.getByText('Please check your email to verify your account before logging in.').isVisible()).toBe(true);
    expect(await page.getByText(email).isVisible()).toBe(true);
    await screenshot(page, '01-registered');
  });

  it('verifies the e-mail address with the link from the mail', async () => {
    const { page } = session;
    const link = verificationLink(await newestMailTo(email), baseUrl);
    await page.goto(link);
    await page.getByText('Email verified').waitFor();
    await screenshot(page, '02-email-verified');
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await page.waitForURL(`${baseUrl}/login`);
  });

  it('signs in and lands on the dashboard', async () => {
    const { page } = session;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await page.getByTestId('user-name').filter({ hasText: name }).waitFor();
    expect(await page.getByText('Free', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, '03-dashboard');
  });

  it('adds a first monitor through the modal and sees its card', async () => {
    const { page } = session;
    // exact: the dashboard's Total Monitors card is a link to the same page.
    await page.getByRole('link', { name: 'Monitors', exact: true }).click();
    await page.waitForURL(`${baseUrl}/app/monitors`);
    await page.getByText('No monitors yet').waitFor();
    await screenshot(page, '04-no-monitors');

    await page.getByRole('button', { name: 'Add Your First Monitor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    await dialog.getByLabel('Monitor Name').fill(monitorName);
    await dialog.getByLabel('Website URL').fill(monitorUrl);
    // Free plan: 5-minute checks (the default) and the 30-second timeout (the default).
    expect(await dialog.getByLabel('Check Interval').inputValue()).toBe('300');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: monitorName });
    await card.waitFor();
    expect(await card.getByText(monitorUrl).isVisible()).toBe(true);
    expect(await card.getByText('5 min').isVisible()).toBe(true);
    await screenshot(page, '05-first-monitor');
  });

  it('shows the sign-in switcher on /app/monitors once signed out', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('upwatch.user.session'))).toBeNull();

    await page.goto(`${baseUrl}/app/monitors`);
    const tabs = page.getByRole('tablist', { name: 'Account' });
    await tabs.waitFor();
    for (const tab of ['Sign In', 'Sign Up', 'Forgot password']) {
      expect(await tabs.getByRole('tab', { name: tab }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('heading', { name: 'Sign in to continue' }).isVisible()).toBe(true);
    expect(await page.getByText(monitorName).count()).toBe(0);
    await screenshot(page, '06-signed-out-app');
  });
});
