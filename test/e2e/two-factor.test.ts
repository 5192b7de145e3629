import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { provisionAdmin } from '../../functions/services/auth/provision-admin.js';
import { PASSWORD, signedInUser, uniqueEmail } from '../integration/helpers/api.js';
import { formReady, hasChromium, launchBrowser, screenshot, signIn, type BrowserSession } from './helpers/browser';

/**
 * Two-factor sign-in in a real browser (docs/security.md "Two-factor sign-in"): set up from
 * Settings -> Security by reading the key off the page and computing the code as an authenticator
 * app would (otplib), the recovery codes shown once, then a sign-in that asks the code.
 */
describe.skipIf(!hasChromium())('two-factor sign-in (browser)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;

  beforeAll(async () => {
    session = await launchBrowser();
  });

  afterAll(async () => {
    await session?.close();
  });

  /** The app's code for a step: 0 now, 1 the next (the server takes one step either side, each once). */
  const codeFor = (secret: string, stepsAhead: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

  it('sets it up from Settings, then asks the code at sign-in', async () => {
    const { page } = session;
    const user = await signedInUser('e2e-two-factor');
    await signIn(page, baseUrl, user.email);
    await page.goto(`${baseUrl}/app/settings?section=security`);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 860 });
      await screenshot(page, `two-factor-setup-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByLabel('Code from the app').fill(codeFor(secret, 0));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On. 10 of 10 recovery codes left.').waitFor();

    // Signed out (a fresh browser profile would do the same), then the password, then the code.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('two-factor-step').waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 860 });
      await screenshot(page, `two-factor-sign-in-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
  });

  it('shows an operator without two-factor sign-in the set-up, not the panel, then the panel', async () => {
    const { page } = session;
    Object.assign(process.env, inject('cloudEnv'));
    const operator = { email: uniqueEmail('e2e-operator'), password: PASSWORD };
    await provisionAdmin(operator);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/admin`);
    await page.getByLabel('Email', { exact: true }).fill(operator.email);
    await page.getByLabel('Password', { exact: true }).fill(operator.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 860 });
      await screenshot(page, `two-factor-operator-setup-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByLabel('Code from the app').fill(codeFor(secret, 0));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Subscription Distribution').waitFor();
  });
});
