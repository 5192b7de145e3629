import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamo, tableName } from '../../functions/clients/dynamodb.js';
import { putIncidentArchiveDue } from '../../functions/repositories/incident-retention-repository.js';
import { archiveDueText, archivedIncidentsText, incidentExpiresAt, retentionExplanation } from '../../shared/checks/retention.js';
import { ENTITY, incidentKey, userKey } from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { api } from '../integration/helpers/api.js';
import { startTargetSite } from '../integration/helpers/pipeline.js';
import { formReady, finishAnimations, hasChromium, launchBrowser, screenshot, SCREENSHOT_DIR, type BrowserSession } from './helpers/browser';
import { newestMailTo, verificationLink } from './helpers/mail';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

/**
 * The Settings screen and the app shell, through the real SPA and API of the local cloud: the
 * timezone (and times shown in it elsewhere), the plan and the 30-second user refresh, notification
 * switches and a test mail, password change, both exports, and account deletion. Steps run in order
 * and share one browser and one user.
 */
describe.skipIf(!hasChromium())('settings (browser)', () => {
  const baseUrl = inject('baseUrl');
  const email = `e2e-settings-${randomUUID().slice(0, 8)}@example.com`;
  const name = 'Katherine Johnson';
  const password = 'correct-horse-battery';
  const newPassword = 'orbital-mechanics-1962';
  let session: BrowserSession;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let token: string;
  let userId: string;
  /** Console errors and uncaught exceptions of the page since the last `expectNoConsoleErrors`. */
  let consoleErrors: string[] = [];

  const expectNoConsoleErrors = () => {
    expect(consoleErrors).toEqual([]);
    consoleErrors = [];
  };

  const openSection = async (page: Page, section: string, heading: string) => {
    consoleErrors = [];
    await page.goto(`${baseUrl}/app/settings?section=${section}`);
    await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
  };

  /**
   * Both widths: the page as it is now, at 1280 and at 390 px; and at 360 px, the narrowest we
   * support, nothing may stick out sideways.
   */
  const screenshotBothWidths = async (page: Page, name: string) => {
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize(PHONE);
    await screenshot(page, `${name}-390`);
    await page.setViewportSize({ width: 360, height: PHONE.height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize(DESKTOP);
  };

  /** What is on screen (not the full page): for a dialog or the menu, which cover the viewport. */
  const screenshotViewport = async (page: Page, name: string) => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  };

  /** Lets slide-in and fade-in animations finish, so a screenshot shows the end state. */
  const settle = (page: Page) => finishAnimations(page);

  const setTier = async (tier: TierId) => {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET subscription_tier = :tier',
        ExpressionAttributeValues: { ':tier': tier },
      }),
    );
  };

  const signIn = async (page: Page, withPassword: string) => {
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(withPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };

  beforeAll(async () => {
    Object.assign(process.env, inject('cloudEnv'));
    site = await startTargetSite();
    session = await launchBrowser();
    session.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    session.page.on('pageerror', (error) => consoleErrors.push(error.message));
  });

  afterAll(async () => {
    await session?.close();
    await site?.down();
  });

  it('registers, verifies the address from the mail and signs in', async () => {
    const { page } = session;
    const registered = await api('/api/auth/register', { method: 'POST', body: { name, email, password } });
    expect(registered.status).toBe(201);
    await page.goto(verificationLink(await newestMailTo(email), baseUrl));
    await page.getByText('Email verified').waitFor();

    await signIn(page, password);
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await page.getByTestId('user-name').filter({ hasText: name }).waitFor();

    const login = await api<{ access_token: string; user: { id: string } }>('/api/auth/login', {
      method: 'POST',
      body: { email, password },
    });
    token = login.body.access_token;
    userId = login.body.user.id;
  });

  it('shows the app shell, and opens and closes the slide-in menu at 390 px by mouse and keyboard', async () => {
    const { page } = session;
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Upwatch' }).getAttribute('href')).toBe('/app/dashboard');
    // Exact: the header also shows the workspace's name, "<name>'s workspace" (docs/teams.md "Choosing a workspace").
    expect(await banner.getByText(name, { exact: true }).isVisible()).toBe(true);
    expect(await banner.getByText('Free', { exact: true }).isVisible()).toBe(true);
    expect(await banner.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    const sidebar = page.getByRole('navigation', { name: 'App' });
    for (const link of ['Dashboard', 'Monitors', 'Incidents', 'Status pages', 'Maintenance', 'Settings']) {
      expect(await sidebar.getByRole('link', { name: link }).isVisible()).toBe(true);
    }
    await screenshot(page, '20-app-shell-1280');

    await page.setViewportSize(PHONE);
    const opener = page.getByRole('button', { name: 'Open menu' });
    expect(await sidebar.isVisible()).toBe(false);
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
    expect(await menu.getByText(name).isVisible()).toBe(true);
    await settle(page);
    await screenshotViewport(page, '20-app-shell-menu-open-390');

    // Tab stays inside the open menu.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await menu.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    expect(await opener.getAttribute('aria-expanded')).toBe('false');

    await opener.click();
    await menu.waitFor();
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    await menu.waitFor({ state: 'detached' });

    await opener.click();
    await menu.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${baseUrl}/app/settings`);
    await menu.waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);
  });

  it('saves the display timezone, keeps it after a reload and shows times in it on other screens', async () => {
    const { page } = session;
    await openSection(page, 'profile', 'Profile');
    const details = page.getByTestId('profile-details');
    const detail = (label: string) => details.locator(`dt:text-is("${label}") + dd`).textContent();
    expect(await detail('Full Name')).toBe(name);
    expect(await detail('Email Address')).toBe(email);
    expect(await detail('Member Since')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await details.locator('input').count()).toBe(0);
    const select = page.getByLabel('Display Timezone');
    await page.locator('select[name="timezone"] option[value="Asia/Tokyo"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('button', { name: 'Update Timezone' }).count()).toBe(0);
    expectNoConsoleErrors();
    await screenshotBothWidths(page, '21-settings-profile');

    await select.selectOption('Asia/Tokyo');
    expect(await select.locator('option:checked').textContent()).toMatch(/^Asia\/Tokyo \(GMT\+9\)$/);
    await page.getByText('Selected:').waitFor();
    expect(await page.getByText('Asia/Tokyo', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('sample-timestamps').textContent()).toContain('GMT+9');
    await screenshot(page, '21-settings-profile-timezone-pending-1280');
    await page.getByRole('button', { name: 'Update Timezone' }).click();
    await page.getByText('Timezone updated successfully!').waitFor();
    expect(await page.getByRole('button', { name: 'Update Timezone' }).count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Profile' }).waitFor();
    await page.locator('select[name="timezone"] option[value="Asia/Tokyo"]').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Display Timezone').inputValue()).toBe('Asia/Tokyo');
    expect(await page.getByRole('button', { name: 'Update Timezone' }).count()).toBe(0);
    const samples = await page.getByTestId('sample-timestamps').textContent();
    expect(samples).toMatch(/Current time.*GMT\+9.*One week ago.*GMT\+9/);

    // A checked monitor's timestamp on the Monitors screen is shown in the saved zone.
    const created = await api('/api/monitors', {
      method: 'POST',
      token,
      body: { name: 'Shop on this machine', url: site.url(), check_interval: 300, timeout: 5 },
    });
    expect(created.status).toBe(201);
    expect((await api('/api/monitors/force-check?limit=50', { method: 'POST', token })).status).toBe(200);
    await page.goto(`${baseUrl}/app/monitors`);
    const card = page.getByTestId('monitor-card');
    await card.waitFor();
    expect(await card.getByText(/GMT\+9$/).isVisible()).toBe(true);
    expectNoConsoleErrors();
  });

  it('shows the plan, its limits and the upgrade offers, and reloads them with Refresh Status', async () => {
    const { page } = session;
    await openSection(page, 'subscription', 'Subscription');
    const plan = page.getByTestId('current-plan');
    await plan.getByText('Free').waitFor();
    expect(await page.getByText('1 monitor', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('progressbar', { name: 'Monitors used' }).waitFor();
    expect(await page.getByText('Monitor Limit Reached').isVisible()).toBe(true);
    const offers = page.getByRole('list', { name: 'Plans you can upgrade to' });
    for (const [tier, price] of [
      ['Pro', 19],
      ['Business', 49],
      ['Enterprise', 399],
    ] as const) {
      const button = offers.getByRole('listitem', { name: tier }).getByRole('button', { name: `Upgrade to $${price}/month` });
      expect(await button.isEnabled()).toBe(true);
    }
    // A free user has no way of paying yet: the form starts on Card.
    expect(await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'Card (USD)' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('Online payment is coming soon').count()).toBe(0);
    expect(await page.getByText('Pay with UPI, cards, net banking or wallets.').isVisible()).toBe(true);
    expect(await page.getByText('Subscription Management').count()).toBe(0);
    expectNoConsoleErrors();
    await screenshotBothWidths(page, '22-settings-subscription-free');

    // The plan changes elsewhere (as a paid checkout would): Refresh Status picks it up now.
    await setTier('pro');
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await plan.getByText('Pro').waitFor();
    await page.getByRole('banner').getByText('Pro', { exact: true }).waitFor();
    expect(await page.getByText('10 monitors', { exact: true }).isVisible()).toBe(true);
    // Every tier above Pro is offered (docs/product-rules.md "Upgrades"): Business and Enterprise.
    expect(await offers.locator(':scope > li').count()).toBe(2);
    expect(await offers.getByRole('listitem', { name: 'Business' }).isVisible()).toBe(true);
    expect(await offers.getByRole('listitem', { name: 'Enterprise' }).isVisible()).toBe(true);
    const management = page.getByRole('region', { name: 'Subscription Management' });
    expect(await management.getByRole('button', { name: 'Downgrade to Free' }).isEnabled()).toBe(true);
    // The real number, from the user's one monitor: no "up to 9" worst case beside it.
    expect(await management.getByText('Your 1 monitor fits the Free plan: it will not be disabled.').isVisible()).toBe(true);
    expect(await management.getByText(/Up to \d+ monitors/).count()).toBe(0);
    expect(await management.getByRole('button', { name: 'Cancel Subscription' }).isEnabled()).toBe(true);
    await screenshotBothWidths(page, '22-settings-subscription-pro');

    // docs/product-rules.md "Auth flows and token lifetimes": the user data is refreshed every 30 seconds while in the app, without a click.
    await setTier('enterprise');
    await page.getByRole('banner').getByText('Enterprise', { exact: true }).waitFor({ timeout: 40_000 });
    await plan.getByText('Enterprise').waitFor();
    expect(await page.getByText(/Congratulations! You are on Enterprise/).isVisible()).toBe(true);
    const downgrades = page.getByRole('list', { name: 'Plans you can downgrade to' });
    expect(await downgrades.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Your 1 monitor fits the Business plan'),
      expect.stringContaining('Your 1 monitor fits the Pro plan'),
      expect.stringContaining('Your 1 monitor fits the Free plan'),
    ]);

    await page.goto(`${baseUrl}/app/settings?section=subscription&upgraded=true`);
    await page.getByText('Subscription upgraded successfully! Your new features are now active.').waitFor();
    await screenshot(page, '22-settings-subscription-upgraded-1280');
    await setTier('free');
  });

  it('saves a notification switch, keeps it after a reload, and sends a test mail', async () => {
    const { page } = session;
    await openSection(page, 'notifications', 'Notifications');
    const daily = page.getByRole('switch', { name: 'Daily Reports' });
    await daily.waitFor();
    expect(await daily.getAttribute('aria-checked')).toBe('false');
    // The master switches of every SMS and every Slack channel (docs/alerts.md "API"): live, no longer Coming Soon.
    expect(await page.getByRole('switch', { name: /SMS Notifications/ }).isDisabled()).toBe(false);
    expect(await page.getByRole('switch', { name: /Slack Notifications/ }).isDisabled()).toBe(false);
    expect(await page.getByText('Coming Soon').count()).toBe(0);
    expectNoConsoleErrors();
    await screenshotBothWidths(page, '23-settings-notifications');

    await daily.click();
    await page.getByText('Notification preferences updated successfully!').waitFor();
    expect(await daily.getAttribute('aria-checked')).toBe('true');
    // docs/product-rules.md "Settings": the message shows for 3 seconds.
    await page.getByText('Notification preferences updated successfully!').waitFor({ state: 'detached', timeout: 5_000 });

    await page.reload();
    await page.getByRole('switch', { name: 'Daily Reports' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Daily Reports' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Weekly Reports' }).getAttribute('aria-checked')).toBe('true');

    await page.getByRole('button', { name: 'Test Email' }).click();
    await page.getByRole('status').filter({ hasText: email }).waitFor();
    const deadline = Date.now() + 15_000;
    let subject = '';
    while (Date.now() < deadline && subject !== 'Upwatch test email') {
      subject = (await newestMailTo(email)).subject ?? '';
      if (subject !== 'Upwatch test email') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(subject).toBe('Upwatch test email');
    expectNoConsoleErrors();
  });

  it('refuses bad password changes with the product\'s messages, then changes it for the next sign-in', async () => {
    const { page } = session;
    await openSection(page, 'security', 'Security');
    expect(await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).isEnabled()).toBe(true);
    expect(await page.getByRole('region', { name: 'Danger Zone' }).isVisible()).toBe(true);
    expectNoConsoleErrors();
    await screenshotBothWidths(page, '24-settings-security');

    const form = page.getByRole('form', { name: 'Change Password' });
    const submit = form.getByRole('button', { name: 'Change Password' });
    await submit.click();
    await form.getByText('Current password is required').waitFor();
    expect(await form.getByText('New password is required').isVisible()).toBe(true);

    await form.getByLabel('Current Password').fill(password);
    await form.getByLabel('New Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm New Password').fill(`${newPassword}x`);
    await submit.click();
    await form.getByText('New passwords do not match').waitFor();

    await form.getByLabel('New Password', { exact: true }).fill('short');
    await form.getByLabel('Confirm New Password').fill('short');
    await submit.click();
    await form.getByText('New password must be at least 8 characters long').waitFor();
    await screenshot(page, '24-settings-security-errors-1280');

    // A wrong current password: the server's detail is shown rather than the fallback.
    await form.getByLabel('Current Password').fill('not-my-password');
    await form.getByLabel('New Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm New Password').fill(newPassword);
    await submit.click();
    await form.getByText('Current password is incorrect').waitFor();

    await form.getByLabel('Current Password').fill(password);
    await form.getByLabel('New Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm New Password').fill(newPassword);
    await submit.click();
    await form.getByText('Password changed successfully!').waitFor();
    expect(await form.getByLabel('Current Password').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await signIn(page, password);
    await page.getByRole('alert').waitFor();
    await signIn(page, newPassword);
    await page.waitForURL(`${baseUrl}/app/dashboard`);

    // The change ended every session signed in before it, this test's API token among them.
    expect((await api('/api/auth/me', { token })).status).toBe(401);
    const relogin = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: { email, password: newPassword } });
    token = relogin.body.access_token;
  });

  it('downloads both exports under the names the server gives them, and says what the plan keeps and what is archived', async () => {
    const { page } = session;
    // A Free grace running and one incident it archived before (docs/product-rules.md "Retention").
    const dueAt = new Date(Date.now() + 20 * 86_400_000);
    await putIncidentArchiveDue(userId, dueAt);
    const endedAt = new Date(Date.now() - 45 * 86_400_000).toISOString();
    const archivedId = '01KARCH1VED0000000000000E2';
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...incidentKey(userId, archivedId),
          entity: ENTITY.incident,
          user_id: userId,
          id: archivedId,
          monitor_id: 'archived-monitor',
          monitor_name: 'Old site',
          monitor_url: 'https://old.example',
          alert_type: 'down',
          status: 'resolved',
          message: 'Website is down',
          started_at: endedAt,
          resolved_at: endedAt,
          details: {},
          expires_at: incidentExpiresAt(endedAt, 'pro'),
          archived_at: new Date().toISOString(),
        },
      }),
    );
    await openSection(page, 'export', 'Export Data');
    expect(await page.getByText('All timestamps in the files are in UTC, whatever your display timezone.').isVisible()).toBe(true);
    const keep = page.getByRole('region', { name: 'What We Keep' });
    await keep.getByText(retentionExplanation('free')).waitFor();
    expect(await keep.getByText(archiveDueText(dueAt.toISOString())).isVisible()).toBe(true);
    expect(await keep.getByText(archivedIncidentsText(1)).isVisible()).toBe(true);
    expectNoConsoleErrors();
    await screenshotBothWidths(page, '25-settings-export');

    const today = new Date().toISOString().slice(0, 10);
    for (const kind of ['monitors', 'incidents'] as const) {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: kind === 'monitors' ? 'Export Monitors' : 'Export Incidents' }).click(),
      ]);
      expect(file.suggestedFilename()).toBe(`upwatch-${kind}-${today}.json`);
      const document = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as Record<string, unknown>;
      expect(document.kind).toBe(kind);
      expect(Array.isArray(document[kind])).toBe(true);
      if (kind === 'incidents') expect((document.archived_incidents as { id: string }[]).map((incident) => incident.id)).toEqual([archivedId]);
      await page.getByText(`Downloaded upwatch-${kind}-${today}.json.`).waitFor();
    }
    expectNoConsoleErrors();
  });

  it('deletes the account only after DELETE is typed exactly, then signs out for good', async () => {
    const { page } = session;
    await openSection(page, 'security', 'Security');
    const zone = page.getByRole('region', { name: 'Danger Zone' });

    // Anything but DELETE is pointed out, and what was typed stays.
    await zone.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm account deletion' });
    await confirm.getByLabel('Type DELETE to confirm').fill('delete');
    await confirm.getByLabel('Current Password').fill(newPassword);
    await confirm.getByRole('button', { name: 'Delete My Account' }).click();
    await confirm.getByText('Type DELETE in capital letters to delete your account, or choose Cancel to keep it.').waitFor();
    expect(await confirm.getByLabel('Current Password').inputValue()).toBe(newPassword);
    expect((await api('/api/auth/me', { token })).status).toBe(200);

    // A wrong password says so and keeps the dialog and both fields.
    await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.getByLabel('Current Password').fill('not-the-password');
    await confirm.getByRole('button', { name: 'Delete My Account' }).click();
    await confirm.getByRole('alert').waitFor();
    expect(await confirm.getByLabel('Type DELETE to confirm').inputValue()).toBe('DELETE');
    expect((await api('/api/auth/me', { token })).status).toBe(200);

    await confirm.getByLabel('Current Password').fill(newPassword);
    await settle(page);
    await screenshotViewport(page, '26-settings-delete-account-1280');
    await page.setViewportSize(PHONE);
    await screenshotViewport(page, '26-settings-delete-account-390');
    await page.setViewportSize(DESKTOP);
    await confirm.getByRole('button', { name: 'Delete My Account' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('upwatch.user.session'))).toBeNull();

    await signIn(page, newPassword);
    await page.getByRole('alert').waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);
    const login = await api('/api/auth/login', { method: 'POST', body: { email, password: newPassword } });
    expect(login.status).toBeGreaterThanOrEqual(400);
  });
});
