/**
 * Captures every screen of the product at 1280 px and 390 px into docs/screenshots/<screen>-<width>.png:
 * the public pages, the auth screens, the operator panel, and the signed-in app of a user with three monitors (online,
 * offline, paused) and real incidents, made by real check rounds against two web sites on this
 * machine; then the money path (capture-billing-screens.ts) through the local payment providers.
 *
 *   npx vite build --config frontend/vite.config.ts --outDir /tmp/web
 *   UPWATCH_WEB_ROOT=/tmp/web npx tsx test/e2e/capture-screenshots.ts
 *
 * It starts its own local cloud on the test ports (moved by UPWATCH_TEST_PORT_OFFSET) with a fresh
 * data dir, so it runs beside `npm start`; it serves UPWATCH_WEB_ROOT (default frontend/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { userKey } from '../../shared/table/keys.js';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { TEST_ENV } from '../setup/local-cloud.js';
import { startTargetSite } from '../setup/target-site.js';
import { CHROMIUM_PATH, finishAnimations, launchBrowser } from './helpers/browser.js';
import { captureBillingScreens } from './capture-billing-screens.js';

const OUT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
] as const;
const PASSWORD = 'correct-horse-battery';
const EMAIL = 'grace@example.com';

const main = async () => {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`chromium not found at ${CHROMIUM_PATH}`);
  const dataDir = path.resolve('.test-data', `screenshots-${Date.now()}`);
  const settings = readLocalSettings({ ...process.env, ...TEST_ENV, UPWATCH_DATA_DIR: dataDir });
  console.log(`starting the local cloud on :${settings.ports.gateway}, serving ${settings.webRoot}`);
  const cloud = await startLocalCloud(settings, {
    onCrash: (part, reason) => {
      console.error(`local cloud part ${part} crashed: ${reason}`);
      process.exit(1);
    },
  });
  const baseUrl = cloud.urls.gateway;
  const sites: Awaited<ReturnType<typeof startTargetSite>>[] = [];
  const browser = await launchBrowser();
  try {
    const index = await (await fetch(`${baseUrl}/`)).text();
    if (!index.includes('id="root"')) throw new Error(`no built SPA at ${settings.webRoot}: build it first (see the header)`);

    const call = async <T>(pathName: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => {
      const response = await fetch(`${baseUrl}${pathName}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathName} -> ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const linkInMail = async (address: string, pattern: RegExp): Promise<string> => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const store = (await (await fetch(`${cloud.urls.ses}/store`)).json()) as {
          emails: { destination: { to: string[] }; body: { text?: string; html?: string } }[];
        };
        for (const mail of [...store.emails].reverse()) {
          if (!mail.destination.to.includes(address)) continue;
          const found = pattern.exec(mail.body.text ?? mail.body.html ?? '');
          if (found?.[1]) return found[1];
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    // A verified user on Pro (room for three monitors), with monitors on two sites of this machine.
    await call('/api/auth/register', { method: 'POST', body: { name: 'Grace Hopper', email: EMAIL, password: PASSWORD } });
    const verifyToken = await linkInMail(EMAIL, /\/verify-email\?token=([\w-]+)/);
    await call(`/api/auth/verify-email?token=${verifyToken}`, { method: 'POST' });
    const login = await call<{ access_token: string; user: { id: string } }>('/api/auth/login', {
      method: 'POST',
      body: { email: EMAIL, password: PASSWORD },
    });
    const token = login.access_token;
    const table = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: settings.region, endpoint: cloud.urls.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    await table.send(
      new UpdateCommand({
        TableName: cloud.resources.tableName,
        Key: userKey(login.user.id),
        UpdateExpression: 'SET subscription_tier = :tier',
        ExpressionAttributeValues: { ':tier': 'pro' },
      }),
    );

    const shop = await startTargetSite();
    const blog = await startTargetSite();
    sites.push(shop, blog);
    const create = (name: string, url: string) =>
      call<{ id: string }>('/api/monitors', { method: 'POST', token, body: { name, url, check_interval: 300, timeout: 10 } });
    const shopMonitor = await create('Online shop', shop.url());
    const blogMonitor = await create('Company blog', blog.url());
    const docs = await create('Documentation', shop.url('docs'));
    await call(`/api/monitors/${docs.id}`, { method: 'PUT', token, body: { status: 'paused' } });

    // Check rounds through the real pipeline: both up; the blog goes down (open incident); the shop
    // goes down and recovers (a resolved incident and a recovery).
    const checkNow = () => call('/api/monitors/force-check?limit=50', { method: 'POST', token });
    await checkNow();
    await blog.down();
    await shop.down();
    await checkNow();
    await shop.up();
    await checkNow();

    const resetToken = await (async () => {
      await call('/api/auth/forgot-password', { method: 'POST', body: { email: EMAIL } });
      return linkInMail(EMAIL, /\/reset-password\?token=([\w-]+)/);
    })();

    const { page } = browser;
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const shoot = async (screen: string, url: string) => {
      await page.goto(`${baseUrl}${url}`);
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await settle(page);
        await page.screenshot({ path: path.join(OUT_DIR, `${screen}-${size.width}.png`), fullPage: true });
      }
      await page.setViewportSize(WIDTHS[0]);
      console.log(`  ${screen}`);
    };

    console.log(`writing to ${OUT_DIR}`);
    const publicScreens: [string, string][] = [
      ['landing', '/'],
      ['pricing', '/pricing'],
      ['about', '/about'],
      ['contact', '/contact'],
      ['terms', '/terms'],
      ['privacy', '/privacy'],
      ['refund', '/refund'],
      ['login', '/login'],
      ['register', '/register'],
      ['forgot-password', '/forgot-password'],
      ['reset-password', `/reset-password?token=${resetToken}`],
      ['verify-email-failed', '/verify-email?token=not-a-real-token'],
      ['app-signed-out', '/app/dashboard'],
      ['not-found', '/no-such-page'],
    ];
    for (const [screen, url] of publicScreens) await shoot(screen, url);

    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);

    const appScreens: [string, string][] = [
      ['dashboard', '/app/dashboard'],
      ['monitors', '/app/monitors'],
      ['monitors-online', '/app/monitors/online'],
      ['monitors-offline', '/app/monitors/offline'],
      ['monitor-detail', `/app/monitors/${shopMonitor.id}`],
      ['incidents', '/app/incidents'],
      ...(['profile', 'subscription', 'notifications', 'security', 'export'] as const).map(
        (section): [string, string] => [`settings-${section}`, `/app/settings?section=${section}`],
      ),
    ];
    for (const [screen, url] of appScreens) await shoot(screen, url);

    // Status pages in the app (docs/status-pages.md "Managing pages"): empty, then a page of two
    // grouped components in the list and in its form.
    await shoot('app-status-pages-empty', '/app/status-pages');
    const statusPage = await call<{ id: string }>('/api/status-pages', {
      method: 'POST',
      token,
      body: {
        name: 'Grace’s shop status',
        slug: 'grace-shop',
        description: 'Live status of the online shop and the blog.',
        accent_color: '#0f766e',
        components: [
          { monitor_id: shopMonitor.id, display_name: 'Shop', group: 'Storefront' },
          { monitor_id: blogMonitor.id, display_name: 'Blog' },
        ],
      },
    });
    const statusPageScreens: [string, string][] = [
      ['app-status-pages-list', '/app/status-pages'],
      ['app-status-pages-form', `/app/status-pages/${statusPage.id}`],
    ];
    for (const [screen, url] of statusPageScreens) await shoot(screen, url);

    // The operator panel (docs/admin-panel.md): an error on purpose for the error log (a user's
    // credentials at the admin login are refused and recorded), a contact message, then the screens.
    await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    await call('/api/contact', {
      method: 'POST',
      body: { name: 'Linus Pauling', email: 'linus@example.com', subject: 'sales', message: 'Do you offer yearly invoices for the Business plan?' },
    });
    await shoot('admin-login', '/admin');
    await page.getByLabel('Email').fill(settings.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(settings.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The fresh cloud's operator sets up two-factor sign-in first (docs/security.md "Two-factor sign-in"):
    // the code is computed from the key on the page, as an authenticator app would.
    const key = page.getByTestId('two-factor-secret');
    await key.waitFor();
    await page.getByLabel('Code from the app').fill(generateSync({ secret: (await key.textContent())!.trim(), epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Subscription Distribution').waitFor();
    const adminScreens: [string, string][] = [
      ['admin-dashboard', '/admin/dashboard'],
      ['admin-users', '/admin/users'],
      ['admin-monitors', '/admin/monitors'],
      ['admin-incidents', '/admin/incidents'],
      ['admin-payments', '/admin/payments'],
      ['admin-error-logs', '/admin/error-logs'],
      ['admin-messages', '/admin/messages'],
    ];
    for (const [screen, url] of adminScreens) await shoot(screen, url);
    // Dialogs cover the viewport: what is on screen, not the full page.
    const shootDialog = async (screen: string, open: () => Promise<void>) => {
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await open();
        await settle(page);
        await page.screenshot({ path: path.join(OUT_DIR, `${screen}-${size.width}.png`) });
        await page.keyboard.press('Escape');
      }
      await page.setViewportSize(WIDTHS[0]);
      console.log(`  ${screen}`);
    };
    await page.goto(`${baseUrl}/admin/users`);
    await shootDialog('admin-user-detail', async () => {
      await page.getByTestId('user-row').filter({ hasText: EMAIL }).getByRole('button', { name: /^View / }).click();
      await page.getByRole('dialog', { name: 'User Details' }).getByText('User Information').waitFor();
    });
    await shootDialog('admin-bulk-upload', async () => {
      await page.getByRole('button', { name: 'Bulk Upload' }).click();
      await page.getByRole('dialog', { name: 'Bulk Monitor Upload' }).waitFor();
    });
    await page.goto(`${baseUrl}/admin/error-logs`);
    await shootDialog('admin-error-detail', async () => {
      await page.getByTestId('error-row').first().getByRole('button', { name: 'View Details' }).click();
      await page.getByRole('dialog', { name: 'Error Details' }).waitFor();
    });
    await page.setViewportSize(WIDTHS[1]);
    await page.goto(`${baseUrl}/admin/dashboard`);
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await finishAnimations(page);
    await page.screenshot({ path: path.join(OUT_DIR, 'admin-menu-390.png') });
    await page.setViewportSize(WIDTHS[0]);
    console.log('  admin-menu');
    // The money path last: it changes the user's plan (and ends on Free, with monitors disabled).
    if (!cloud.payments.stripe) throw new Error('the local Stripe is not running (are STRIPE_* keys set?)');
    const billingShots = await captureBillingScreens({
      page,
      baseUrl,
      outDir: OUT_DIR,
      widths: WIDTHS,
      settle,
      table,
      tableName: cloud.resources.tableName,
      userId: login.user.id,
      token,
      stripeUrl: cloud.payments.stripe.url,
    });
    const shots = (publicScreens.length + appScreens.length + 1 + statusPageScreens.length + adminScreens.length + 1 + 3) * WIDTHS.length + 1 + billingShots;
    console.log(`${shots} screenshots written`);
  } finally {
    await browser.close();
    for (const site of sites) await site.down();
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

/** Waits until the page has its data: no request in flight, no skeleton or busy region left. */
const settle = async (page: Page): Promise<void> => {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.animate-pulse, [aria-busy="true"]'), undefined, { timeout: 10_000 })
    .catch(() => console.warn(`  (still loading after 10 s: ${page.url()})`));
  // From the top, so the sticky header is drawn where it belongs in a full-page image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
