/**
 * Captures the screens of a new user's first day (docs/live-status.md "The first day") at 1280 and
 * 390 px: the account registered in the browser (its time zone kept), the empty dashboard, the
 * monitor form with an address without a scheme, a heartbeat's push URL on save, the monitor page
 * with its actions, linked incidents, the upload result that names the rows given https://, a
 * binary "CSV", the deletion dialog after mistakes and a used reset link.
 *
 *   npx vite build --config frontend/vite.config.ts --outDir /tmp/web
 *   UPWATCH_WEB_ROOT=/tmp/web npx tsx test/e2e/capture-first-day.ts
 *
 * The screens in DOCUMENTED go to docs/screenshots/first-day-<screen>-<width>.png, the others to
 * /tmp/first-day-screens. Like capture-screenshots.ts it starts its own local cloud on the test ports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { TEST_ENV } from '../setup/local-cloud.js';
import { startTargetSite } from '../setup/target-site.js';
import { launchBrowser } from './helpers/browser.js';

const DOCS_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const OTHER_DIR = '/tmp/first-day-screens';
const DOCUMENTED = new Set([
  'dashboard-empty',
  'add-monitor-no-scheme',
  'heartbeat-saved',
  'monitor-detail-actions',
  'bulk-upload-https-added',
  'reset-link-used',
]);
const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
] as const;
const PASSWORD = 'correct-horse-battery';
const EMAIL = 'ada@example.com';

const settle = async (page: Page): Promise<void> => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, [aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
};

const main = async () => {
  const dataDir = path.resolve('.test-data', `first-day-${Date.now()}`);
  const settings = readLocalSettings({ ...process.env, ...TEST_ENV, UPWATCH_DATA_DIR: dataDir });
  const cloud = await startLocalCloud(settings, {
    onCrash: (part, reason) => {
      console.error(`local cloud part ${part} crashed: ${reason}`);
      process.exit(1);
    },
  });
  const baseUrl = cloud.urls.gateway;
  const browser = await launchBrowser({ timezoneId: 'Asia/Kolkata' });
  const site = await startTargetSite();
  try {
    const call = async <T>(pathName: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => {
      const response = await fetch(`${baseUrl}${pathName}`, {
        method: init.method ?? 'GET',
        headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${pathName} -> ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const linkInMail = async (address: string, pattern: RegExp): Promise<string> => {
      for (let i = 0; i < 60; i++) {
        const store = (await (await fetch(`${cloud.urls.ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
        for (const mail of [...store.emails].reverse()) {
          const found = mail.destination.to.includes(address) ? pattern.exec(mail.body.text ?? '') : null;
          if (found?.[1]) return found[1];
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('no mail');
    };
    const { page } = browser;
    fs.mkdirSync(OTHER_DIR, { recursive: true });
    const both = async (name: string, focus?: Locator) => {
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await settle(page);
        if (focus) await focus.scrollIntoViewIfNeeded();
        const file = DOCUMENTED.has(name) ? path.join(DOCS_DIR, `first-day-${name}-${size.width}.png`) : path.join(OTHER_DIR, `${name}-${size.width}.png`);
        await page.screenshot({ path: file });
      }
      await page.setViewportSize(WIDTHS[0]);
      console.log(`  ${name}`);
    };

    // Register in the browser (the zone comes from it), verify, sign in.
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Registration Successful!').waitFor();
    await call(`/api/auth/verify-email?token=${await linkInMail(EMAIL, /\/verify-email\?token=([\w-]+)/)}`, { method: 'POST' });
    const login = await call<{ access_token: string; user: { timezone: string | null } }>('/api/auth/login', { method: 'POST', body: { email: EMAIL, password: PASSWORD } });
    console.log(`  registered with timezone ${login.user.timezone}`);
    const token = login.access_token;
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await both('dashboard-empty');

    // Add Monitor without a scheme.
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByRole('button', { name: 'Add Monitor' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    await dialog.getByLabel('Monitor Name').fill('Shop');
    await dialog.getByLabel('Website URL').fill('example.com');
    await both('add-monitor-no-scheme');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A heartbeat: the push URL right after saving.
    await page.getByRole('button', { name: 'Add Monitor' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    await dialog.getByLabel('Monitor type').selectOption('heartbeat');
    await dialog.getByLabel('Monitor Name').fill('Nightly backup');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await page.getByRole('dialog', { name: 'Monitor added' }).waitFor();
    await both('heartbeat-saved');
    await page.getByRole('button', { name: 'Done' }).click();
    const monitors = await call<{ monitors: { id: string }[] }>('/api/monitors', { token });
    await call(`/api/monitors/${monitors.monitors[0]!.id}`, { method: 'DELETE', token });

    // A monitor that goes down and comes back: the detail page with its actions and linked incidents.
    const shop = await call<{ id: string }>('/api/monitors', { method: 'POST', token, body: { name: 'Shop', url: site.url(), check_interval: 300, timeout: 10 } });
    const checkNow = () => call('/api/monitors/force-check?limit=50', { method: 'POST', token });
    await checkNow();
    await site.down();
    await checkNow();
    await site.up();
    await checkNow();
    await page.goto(`${baseUrl}/app/monitors/${shop.id}`);
    await page.getByTestId('monitor-actions').waitFor();
    await both('monitor-detail-actions');
    await page.getByRole('button', { name: 'Delete Shop' }).click();
    await both('monitor-detail-delete');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${baseUrl}/app/incidents`);
    await both('incidents-linked');
    await page.goto(`${baseUrl}/app/dashboard`);
    await both('dashboard-incidents-linked');

    // Bulk upload: rows without a scheme, and a binary file named .csv.
    await call(`/api/monitors/${shop.id}`, { method: 'DELETE', token });
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'monitors.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,url,check_interval,timeout\nShop,shop.example.com,300,30\n'),
    });
    await page.getByRole('button', { name: /^Upload/ }).last().click();
    await page.getByTestId('bulk-upload-result').waitFor();
    await both('bulk-upload-https-added');
    await page.getByRole('button', { name: 'Upload Another File' }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'monitors.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), Buffer.from('binary'.repeat(200))]),
    });
    await page.getByRole('button', { name: /^Upload/ }).last().click();
    await page.getByText(/This is not a CSV file/).waitFor();
    await both('bulk-upload-not-csv', page.getByText(/This is not a CSV file/));

    // Account deletion with a wrong password keeps the fields.
    await page.goto(`${baseUrl}/app/settings?section=security`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm account deletion' });
    await confirm.getByLabel('Type DELETE to confirm').fill('delete');
    await confirm.getByLabel('Current Password').fill('wrong-password');
    await confirm.getByRole('button', { name: 'Delete My Account' }).click();
    await confirm.getByText(/Type DELETE in capital letters/).waitFor();
    await both('delete-account-wrong-word');
    await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.getByRole('button', { name: 'Delete My Account' }).click();
    await confirm.getByRole('alert').waitFor();
    await both('delete-account-wrong-password');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // A used reset link, opened again.
    await call('/api/auth/forgot-password', { method: 'POST', body: { email: EMAIL } });
    const reset = await linkInMail(EMAIL, /\/reset-password\?token=([\w-]+)/);
    await call('/api/auth/reset-password', { method: 'POST', body: { token: reset, new_password: 'a-brand-new-password' } });
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/reset-password?token=${reset}`);
    await page.getByText('This link does not work').waitFor();
    await both('reset-link-used');
  } finally {
    await browser.close();
    await site.down();
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
