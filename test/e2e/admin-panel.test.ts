import type { Page } from 'playwright-core';
import { passOperatorSecondStep } from './helpers/operator-second-step';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Payment } from '../../shared/billing/payments.js';
import { SESSION_KEYS } from '../../frontend/src/lib/auth';
import { api, latestMailTo, PASSWORD, signedInUser } from '../integration/helpers/api.js';
import { startTargetSite, waitFor } from '../integration/helpers/pipeline.js';
import { formReady, finishAnimations, hasChromium, launchBrowser, screenshot, signIn, type BrowserSession } from './helpers/browser';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

/**
 * The operator panel through the real SPA and the real admin API of the local cloud (docs/admin.md,
 * docs/admin-panel.md): the separate admin login and session, a user token refused, the dashboard,
 * users (search, filter, details, upgrade, edit, delete, bulk upload in both modes), monitors,
 * payments and the error log, at 1280 and 390 px. Steps run in order and share one browser.
 */
describe.skipIf(!hasChromium())('admin panel (browser)', () => {
  const baseUrl = inject('baseUrl');
  const admin = inject('adminCredentials');
  let session: BrowserSession;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let bob: Awaited<ReturnType<typeof signedInUser>>;
  let carol: Awaited<ReturnType<typeof signedInUser>>;
  let adaId = '';
  let pageErrors: string[] = [];

  const storedAdminToken = (page: Page) =>
    page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { access_token?: string } | null)?.access_token ?? null, SESSION_KEYS.admin);

  const adminCall = async <T>(page: Page, path: string) => {
    const token = await storedAdminToken(page);
    const response = await api<T>(path, { token: token ?? '' });
    expect(response.status).toBe(200);
    return response.body;
  };

  const bothWidths = async (page: Page, name: string) => {
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize(PHONE);
    await screenshot(page, `${name}-390`);
    // The page never scrolls sideways at 390 px, and neither does a list inside its card: its
    // rows are stacked, one labelled line per column (docs/admin-panel.md "Narrow screens").
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('main table')].filter((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth).length,
    );
    expect(overflowing).toBe(0);
    await page.setViewportSize(DESKTOP);
  };

  const waitForList = async (page: Page) => {
    await page.waitForFunction(() => !document.querySelector('[data-testid="table-skeleton"]'));
  };

  const searchUsers = async (page: Page, text: string) => {
    await page.getByLabel('Search', { exact: true }).fill(text);
    await page.waitForResponse((response) => response.url().includes('/api/admin/users?') && response.url().includes(encodeURIComponent(text).slice(0, 8)));
    await waitForList(page);
  };

  /** Goes to a section through the sidebar, as an operator would. */
  const sessionNav = async (page: Page, section: string) => {
    await page.setViewportSize(DESKTOP);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: section }).click();
    await page.getByRole('heading', { level: 1, name: section }).waitFor();
  };

  const userRow = (page: Page, email: string) => page.getByTestId('user-row').filter({ hasText: email });

  const csvFile = (lines: string[], name = 'monitors.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });

  /**
   * Payment records as checkout and the provider webhooks write them (docs/billing.md), through the
   * real payments repository: 21 for Ada, so the list has a second page.
   */
  const seedPayments = async (userId: string) => {
    const repo = await import('../../functions/repositories/payment-repository.js');
    const kinds = [
      { payment_gateway: 'stripe', currency: 'usd', amount: 1900, to: 'completed', gateway_status: 'paid' },
      { payment_gateway: 'razorpay', currency: 'inr', amount: 159900, to: 'completed', gateway_status: 'captured' },
      { payment_gateway: 'stripe', currency: 'usd', amount: 4900, to: 'failed', gateway_status: 'payment_failed' },
      { payment_gateway: 'stripe', currency: 'usd', amount: 1900, to: 'pending', gateway_status: 'open' },
    ] as const;
    for (let i = 0; i < 21; i++) {
      const kind = kinds[i % kinds.length]!;
      const now = new Date().toISOString();
      const payment: Payment = {
        id: ulid(),
        user_id: userId,
        package_id: kind.amount === 4900 ? 'business' : 'pro',
        billing_period: 'monthly',
        amount: kind.amount,
        currency: kind.currency,
        payment_gateway: kind.payment_gateway,
        payment_status: 'pending',
        gateway_status: 'open',
        gateway_ref: `ref_${ulid()}`,
        gateway_subscription_id: null,
        kind: 'checkout',
        created_at: now,
        updated_at: now,
      };
      expect(await repo.createPayment(payment, [payment.gateway_ref])).toBe('created');
      if (kind.to !== 'pending') {
        const moved = await repo.changePaymentStatus({
          userId,
          paymentId: payment.id,
          from: 'pending',
          to: kind.to,
          gatewayStatus: kind.gateway_status,
          at: new Date(),
        });
        expect(moved).toBe('changed');
      }
    }
  };

  beforeAll(async () => {
    Object.assign(process.env, inject('cloudEnv'));
    [ada, bob, carol] = await Promise.all([signedInUser('admin-e2e-ada'), signedInUser('admin-e2e-bob'), signedInUser('admin-e2e-carol')]);
    const me = await api<{ id: string }>('/api/auth/me', { token: ada.token });
    adaId = me.body.id;
    await seedPayments(me.body.id);
    session = await launchBrowser();
    session.page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows a signed-in user the admin login at /admin, refuses their token and their credentials', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email', { exact: true }).fill(ada.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);

    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByTestId('user-name').count()).toBe(0);
    await bothWidths(page, 'admin-login');

    // A user's token stored as the admin session: the check (GET /api/admin/dashboard) gets 403, the
    // token is removed and the admin login shown; the user's own session stays.
    await page.evaluate(
      ([key, token]) => localStorage.setItem(key!, JSON.stringify({ access_token: token, email: 'someone@example.com' })),
      [SESSION_KEYS.admin, ada.token],
    );
    const check = page.waitForResponse((response) => response.url().endsWith('/api/admin/dashboard'));
    await page.goto(`${baseUrl}/admin/users`);
    expect((await check).status()).toBe(403);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.waitForFunction((key) => localStorage.getItem(key) === null, SESSION_KEYS.admin);
    expect(await page.evaluate((key) => localStorage.getItem(key) !== null, SESSION_KEYS.user)).toBe(true);

    // A user's own credentials at the admin login (recorded by the API as an auth_error).
    await page.getByLabel('Email', { exact: true }).fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid admin credentials' }).waitFor();
    expect(await storedAdminToken(page)).toBeNull();
  });

  it('signs the administrator in: the dashboard shows the real figures and who is logged in', async () => {
    const { page } = session;
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await passOperatorSecondStep(page, admin.email);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // The login kept the URL the operator asked for.
    expect(page.url()).toBe(`${baseUrl}/admin/users`);
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByText('Subscription Distribution').waitFor();

    expect(await page.getByTestId('logged-in-as').textContent()).toContain(admin.email);
    const figures = await adminCall<{ total_users: number; active_monitors: number; total_monitors: number }>(page, '/api/admin/dashboard');
    expect(figures.total_users).toBeGreaterThanOrEqual(3);
    const tile = page.getByTestId('stat-tile').filter({ hasText: 'Total Users' });
    expect(await tile.textContent()).toContain(String(figures.total_users));
    expect(await page.getByText(`${figures.active_monitors} / ${figures.total_monitors}`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Operational').isVisible()).toBe(true);
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    for (const link of ['Dashboard', 'Users', 'Monitors', 'Incidents', 'Payments', 'Error Logs']) {
      expect(await sidebar.getByRole('link', { name: link }).isVisible()).toBe(true);
    }
    await bothWidths(page, 'admin-dashboard');
  });

  it('finds a user by search and tier, shows their details, upgrades them to Pro and edits them', async () => {
    const { page } = session;
    await sessionNav(page, 'Users');
    await waitForList(page);
    await searchUsers(page, ada.email);
    const row = userRow(page, ada.email);
    await row.waitFor();
    expect(await page.getByTestId('user-row').count()).toBe(1);
    expect(await row.getByRole('button', { name: 'Upgrade to Pro' }).isVisible()).toBe(true);

    // The tier filter: Ada is on Free, so the Pro filter finds nobody for her address.
    await page.getByLabel('Tier', { exact: true }).selectOption('pro');
    await page.getByText('No users match.').waitFor();
    await page.getByLabel('Tier', { exact: true }).selectOption('free');
    await row.waitFor();

    // The quick upgrade asks first, naming the user and the plan; Cancel changes nothing.
    await row.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const confirm = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    expect(await confirm.textContent()).toContain(`${ada.email}) from the Free plan to the Pro plan?`);
    expect(await confirm.textContent()).toContain('an operator changed their plan');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await adminCall<{ user: { subscription_tier: string } }>(page, `/api/admin/users/${adaId}`)).user.subscription_tier).toBe('free');
    await row.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await screenshot(page, 'admin-upgrade-confirm-1280');
    await confirm.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByText('User upgraded to Pro').waitFor();
    expect((await latestMailTo(ada.email)).subject).toBe('Upwatch: an operator moved you to the Pro plan');
    await page.getByLabel('Tier', { exact: true }).selectOption('all');
    await row.getByText('Pro', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Upgrade to Pro' }).count()).toBe(0);
    // The new plan's limits apply at once.
    const limits = await api<{ tier: string; limits: { monitors: number } }>('/api/subscription/limits', { token: ada.token });
    expect(limits.body).toMatchObject({ tier: 'pro', limits: { monitors: 10 } });

    // Ada cancelled her (card, monthly) Pro subscription: the detail says so, and when it ends.
    const { saveSubscription } = await import('../../functions/repositories/subscription-repository.js');
    const periodEnd = '2026-12-27T14:05:00.000Z';
    const saved = await saveSubscription(
      {
        user_id: adaId,
        gateway: 'stripe',
        provider_subscription_id: `sub_${ulid()}`,
        tier: 'pro',
        billing_period: 'monthly',
        status: 'active',
        provider_status: 'active',
        current_period_end: periodEnd,
        cancel_at_period_end: true,
        scheduled_tier: 'free',
        cancel_reason: null,
        cancel_sent_to_provider: false,
        updated_at: new Date().toISOString(),
      },
      null,
      null,
    );
    expect(saved).toBe('saved');
    await row.getByRole('button', { name: /^View / }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByText('User Information').waitFor();
    expect(await details.getByTestId('scheduled-change').textContent()).toMatch(/^Cancelled: moves to Free on Dec 2\d, 2026, \d{1,2}:\d{2} [AP]M (UTC|GMT)/);
    expect(await details.getByText('Monthly, by card, active').isVisible()).toBe(true);
    expect(await details.getByText(ada.email).first().isVisible()).toBe(true);
    await details.getByRole('region', { name: 'Monitors' }).waitFor();
    await details.getByRole('region', { name: 'Recent Incidents' }).waitFor();
    await details.getByTestId('audit-log').getByText('user.upgrade').waitFor();
    await screenshot(page, 'admin-user-detail-1280');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('Ada Lovelace').waitFor();
    await bothWidths(page, 'admin-users');
  });

  it('uploads monitors for two users in global mode, bypassing the plan cap, and for one user', async () => {
    const { page } = session;
    await searchUsers(page, 'admin-e2e-');
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Monitor Upload' });
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true);
    const picker = dialog.getByLabel('CSV file', { exact: true });
    await picker.setInputFiles({ name: 'monitors.txt', mimeType: 'text/plain', buffer: Buffer.from('name,url\n') });
    await dialog.getByText('Please select a CSV file').waitFor();
    expect(await upload.isDisabled()).toBe(true);

    // Bob is on Free (cap 1): an operator upload gives him three. Ada gets 1 good and 3 bad rows.
    await picker.setInputFiles(
      csvFile([
        'user_email,name,url,check_interval,timeout',
        `${bob.email},Bob Shop,https://shop.example.com,60,10`,
        `${bob.email},Bob Blog,blog.example.com,120,10`,
        `${bob.email},Bob API,https://api.example.com/health,300,30`,
        `${ada.email},Ada Docs,https://docs.example.com,300,30`,
        `${ada.email},Broken 1,not a url,300,30`,
        `${ada.email},Broken 2,not a url either,300,30`,
        `${ada.email},Too fast,https://fast.example.com,5,5`,
        'nobody-here@example.com,Orphan,https://orphan.example.com,300,30',
      ]),
    );
    expect(await dialog.getByText('Please select a CSV file').count()).toBe(0);
    await upload.click();
    const result = dialog.getByTestId('bulk-result');
    await result.getByText('Upload complete: 2 users processed').waitFor();
    const bobResult = result.getByTestId('bulk-user-result').filter({ hasText: bob.email });
    expect(await bobResult.textContent()).toContain('3 of 3 created');
    const adaResult = result.getByTestId('bulk-user-result').filter({ hasText: ada.email });
    expect(await adaResult.textContent()).toContain('1 of 4 created');
    // At most 2 errors per user, with the count of the rest.
    expect(await adaResult.getByRole('listitem').count()).toBe(3);
    expect(await adaResult.getByText('and 1 more error').isVisible()).toBe(true);
    await result.getByText('Rows without a known user').waitFor();
    expect(await result.getByText(/nobody-here@example\.com|Row 9/).first().isVisible()).toBe(true);
    await screenshot(page, 'admin-bulk-upload-global-1280');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Single-user mode, opened from Carol's row: no user_email column.
    await userRow(page, carol.email).getByRole('button', { name: /^Upload monitors for / }).click();
    expect(await dialog.getByRole('button', { name: 'Single user' }).getAttribute('aria-pressed')).toBe('true');
    await picker.setInputFiles(csvFile(['name,url,check_interval,timeout', 'Carol Site,https://carol.example.com,300,30', 'Carol Bad,nope,300,30']));
    await upload.click();
    await dialog.getByText(/^Upload complete for .*: 1 of 2 monitors created$/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Single-user mode without a chosen user.
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    await dialog.getByRole('button', { name: 'Single user' }).click();
    await picker.setInputFiles(csvFile(['name,url', 'X,https://x.example.com']));
    await upload.click();
    await dialog.getByText('Please select a user or use global upload').waitFor();
    await page.keyboard.press('Escape');

    const bobMonitors = await api<{ monitors: unknown[] }>('/api/monitors', { token: bob.token });
    expect(bobMonitors.body.monitors).toHaveLength(3);

    // The monitors list shows them with their owner.
    await sessionNav(page, 'Monitors');
    await page.getByLabel('Search', { exact: true }).fill('Bob Shop');
    await page.waitForResponse((response) => response.url().includes('/api/admin/monitors?') && response.url().includes('search=Bob'));
    await waitForList(page);
    const bobShop = page.getByTestId('monitor-row').filter({ hasText: 'Bob Shop' });
    await bobShop.waitFor();
    expect(await bobShop.textContent()).toContain(bob.email);
    await page.getByLabel('Status', { exact: true }).selectOption('paused');
    await page.getByText('No monitors match.').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('all');
    await page.getByTestId('monitor-row').first().click();
    await page.getByRole('dialog', { name: 'Monitor Details' }).waitFor();
    await page.keyboard.press('Escape');

    // An abusive monitor: the operator disables it with a reason; the owner is told and cannot resume it.
    await bobShop.click();
    const details = page.getByRole('dialog', { name: 'Monitor Details' });
    const action = details.getByRole('region', { name: 'Operator action' });
    await action.getByLabel('Reason (mailed to the owner and shown to them)').fill('It floods a site that is not yours with requests');
    await screenshot(page, 'admin-monitor-hold-1280');
    await action.getByRole('button', { name: 'Disable monitor' }).click();
    await action.getByTestId('operator-hold').waitFor();
    expect(await action.getByTestId('operator-hold').textContent()).toMatch(/^Disabled by an operator on .+ (UTC|GMT[^:]*): It floods a site/);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-monitor-held-390');
    await page.setViewportSize(DESKTOP);
    expect((await latestMailTo(bob.email)).subject).toBe('Upwatch: an operator disabled your monitor Bob Shop');
    const bobsMonitors = await api<{ monitors: { id: string; name: string }[] }>('/api/monitors', { token: bob.token });
    const held = bobsMonitors.body.monitors.find((monitor) => monitor.name === 'Bob Shop')!;
    const resume = await api(`/api/monitors/${held.id}`, { method: 'PUT', token: bob.token, body: { status: 'active' } });
    expect(resume.status).toBe(409);
    await page.keyboard.press('Escape');
    await bothWidths(page, 'admin-monitors');
  });

  it('deletes a user after the confirm prompt', async () => {
    const { page } = session;
    await sessionNav(page, 'Users');
    await searchUsers(page, carol.email);
    await userRow(page, carol.email).getByRole('button', { name: /^Delete / }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete User' });
    expect(await confirm.getByText('This cannot be undone.', { exact: false }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No users match.').waitFor();
    const login = await api('/api/auth/login', { method: 'POST', body: { email: carol.email, password: PASSWORD } });
    expect(login.status).toBe(401);
  });

  it('shows the payments with the four summary cards, the count, the status filter and the pager', async () => {
    const { page } = session;
    await sessionNav(page, 'Payments');
    await waitForList(page);
    const list = await adminCall<{ total: number; pages: number; summary: { completed: number; pending: number; failed: number } }>(
      page,
      '/api/admin/payments?page=1&limit=20',
    );
    const summary = page.getByTestId('payment-summary');
    for (const label of ['Total Revenue', 'Completed', 'Pending', 'Failed']) {
      expect(await summary.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await summary.getByTestId('stat-tile').filter({ hasText: 'Pending' }).textContent()).toContain(String(list.summary.pending));
    expect(await page.getByTestId('payment-count').textContent()).toBe(`${list.total} ${list.total === 1 ? 'payment' : 'payments'}`);
    expect(list.total).toBeGreaterThanOrEqual(21);
    expect(await page.getByTestId('payment-row').count()).toBe(20);
    // The newest is Ada's completed card payment of 19 USD (the seeding loop's last, i = 20).
    const newest = page.getByTestId('payment-row').first();
    const text = await newest.textContent();
    expect(text).toContain('19.00 USD');
    expect(text).toContain('Stripe');
    expect(text).toContain('paid');
    expect(text).toContain(ada.email);
    expect(await newest.getByText('Pro', { exact: true }).count()).toBeGreaterThanOrEqual(1);

    const pager = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pager.getByText(`Page 1 of ${list.pages}`).isVisible()).toBe(true);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`Page 2 of ${list.pages}`).waitFor();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await pager.getByText(`Page 1 of ${list.pages}`).waitFor();

    await newest.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Payment Details' });
    await details.getByRole('region', { name: 'Transaction Information' }).waitFor();
    expect(await details.getByRole('region', { name: 'Customer Information' }).textContent()).toContain(ada.email);
    await screenshot(page, 'admin-payment-detail-1280');
    await page.keyboard.press('Escape');
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await page.waitForResponse((response) => response.url().includes('/api/admin/payments?') && response.url().includes('status=failed'));
    await page.getByTestId('payment-count').filter({ hasText: `${list.summary.failed} payment` }).waitFor();
    for (const status of await page.getByTestId('payment-row').locator('td:nth-child(6)').allTextContents()) expect(status).toBe('failed');
    await page.getByLabel('Status', { exact: true }).selectOption('all');
    await bothWidths(page, 'admin-payments');
  });

  it('lists the application error caused on purpose, shows its details and resolves it', async () => {
    const { page } = session;
    await sessionNav(page, 'Error Logs');
    await waitForList(page);
    await page.getByLabel('Error type', { exact: true }).selectOption('auth_error');
    await page.getByLabel('Resolved', { exact: true }).selectOption('open');
    await page.waitForResponse((response) => response.url().includes('error_type=auth_error') && response.url().includes('resolved=false'));
    await waitForList(page);
    const rows = page.getByTestId('error-row');
    await rows.first().waitFor();
    const before = Number((await page.getByTestId('error-count').textContent())?.split(' ')[0]);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await rows.first().getByText('Open').isVisible()).toBe(true);
    await bothWidths(page, 'admin-error-logs');

    await rows.first().getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Error Details' });
    await details.getByText('auth_error').waitFor();
    for (const label of ['Type', 'Status', 'Timestamp', 'Error ID', 'User ID', 'Monitor ID']) {
      expect(await details.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await details.getByRole('region', { name: 'Context' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-error-detail-1280');
    await details.getByRole('button', { name: 'Mark as Resolved' }).click();
    // The modal closes and the list (open errors only) reloads without it.
    await details.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="error-count"]')?.textContent?.startsWith(`${count} `),
      before - 1,
    );
    await page.getByLabel('Resolved', { exact: true }).selectOption('resolved');
    await rows.first().getByText('Resolved').waitFor();
  });

  it('lists incidents and contact messages, readable at 390 px too', async () => {
    const { page } = session;
    // A monitor whose site does not answer: its first check, run at once, opens a Website Down incident.
    const site = await startTargetSite();
    await site.down();
    const dave = await signedInUser('admin-e2e-dave');
    const created = await api('/api/monitors', { method: 'POST', token: dave.token, body: { name: 'Dave Bakery', url: site.url(), check_interval: 300, timeout: 5 } });
    expect(created.status).toBe(201);
    await waitFor('the down incident', async () => ((await api<{ incidents: unknown[] }>('/api/incidents', { token: dave.token })).body.incidents.length > 0 ? true : undefined), 30_000);
    const contact = await api('/api/contact', {
      method: 'POST',
      body: { name: 'Dave Baker', email: dave.email, subject: 'billing', message: 'Can I pay for a year of Pro by UPI at once, and get one invoice for it?' },
    });
    expect(contact.status).toBeLessThan(300);

    await sessionNav(page, 'Incidents');
    await waitForList(page);
    await page.getByTestId('incident-row').filter({ hasText: 'Dave Bakery' }).first().waitFor();
    // At 1280 px the incidents table fits beside the sidebar: no sideways scroll in its card.
    const fits = await page.evaluate(() => {
      const table = document.querySelector('main table[aria-label="Incidents"]')!;
      return table.parentElement!.scrollWidth <= table.parentElement!.clientWidth && document.documentElement.scrollWidth <= window.innerWidth;
    });
    expect(fits).toBe(true);
    // Its times name their zone.
    expect(await page.getByTestId('incident-row').first().textContent()).toMatch(/\d{1,2}:\d{2} [AP]M (UTC|GMT)/);
    await bothWidths(page, 'admin-incidents');

    await page.goto(`${baseUrl}/admin/messages`);
    await page.getByTestId('message-row').filter({ hasText: 'Dave Baker' }).first().waitFor();
    await bothWidths(page, 'admin-messages');
  });

  it('works the support queue and names an Enterprise workspace\'s account manager, which its owner sees in Settings', async () => {
    const { page } = session;
    // Erin's workspace is on Enterprise: her messages sent signed in are priority (docs/product-rules.md "Priority support").
    const erin = await signedInUser('admin-e2e-erin');
    const erinId = (await api<{ id: string }>('/api/auth/me', { token: erin.token })).body.id;
    const adminToken = (await storedAdminToken(page)) ?? '';
    expect((await api(`/api/admin/users/${erinId}`, { method: 'PUT', token: adminToken, body: { subscription_tier: 'enterprise' } })).status).toBe(200);

    // Signed in, the contact page sends with the account and promises the priority target.
    const customer = await launchBrowser();
    try {
      await signIn(customer.page, baseUrl, erin.email);
      await customer.page.goto(`${baseUrl}/contact`);
      const form = customer.page.getByRole('form', { name: 'Contact form' });
      await customer.page.getByTestId('contact-signed-in').waitFor();
      expect(await form.getByLabel('Email').inputValue()).toBe(erin.email);
      await form.getByLabel('Subject').selectOption('support');
      await form.getByLabel('Message').fill('Our status page shows an old incident as open. Can you look?');
      await form.getByRole('button', { name: 'Send message' }).click();
      await customer.page.getByText("Priority support: we'll get back to you within 4 hours.").waitFor();

      // The operators' queue: Erin's message is priority, with its target and the time left.
      await page.goto(`${baseUrl}/admin/messages`);
      const row = page.getByTestId('message-row').filter({ hasText: erin.email }).first();
      await row.waitFor();
      expect(await row.getAttribute('data-group')).toBe('priority');
      expect(await row.textContent()).toMatch(/Support within 4 hours.*(3 h 5\d min|4 h) left/);
      await bothWidths(page, 'admin-support-queue');
      await page.setViewportSize(DESKTOP);
      await row.getByRole('button', { name: 'Read' }).click();
      const dialog = page.getByRole('dialog', { name: /^Message from / });
      expect(await dialog.textContent()).toContain('Signed in, Enterprise plan');
      await dialog.getByRole('button', { name: 'Mark as answered' }).click();
      await dialog.getByText(`by ${admin.email}`).waitFor();
      expect(await dialog.getByRole('button', { name: 'Mark as answered' }).count()).toBe(0);
      await screenshot(page, 'admin-support-message-answered-1280');
      await page.keyboard.press('Escape');
      await page.getByTestId('message-row').filter({ hasText: erin.email }).first().getByText('Answered', { exact: true }).waitFor();

      // The account manager, named in Erin's details and audited.
      await sessionNav(page, 'Users');
      await waitForList(page);
      await searchUsers(page, erin.email);
      await userRow(page, erin.email).getByRole('button', { name: /^View / }).click();
      const details = page.getByRole('dialog', { name: 'User Details' });
      const manager = details.getByTestId('account-manager');
      await manager.getByText('No account manager named yet.').waitFor();
      await manager.getByLabel("Manager's name").fill('Priya Natarajan');
      await manager.getByLabel("Manager's email").fill('priya@upwatch.example');
      await manager.getByRole('button', { name: 'Name account manager' }).click();
      await manager.getByText('Priya Natarajan', { exact: true }).waitFor();
      await details.getByTestId('audit-log').getByText('workspace.account_manager').waitFor();
      await screenshot(page, 'admin-account-manager-1280');
      await page.keyboard.press('Escape');

      // Erin sees her manager in Settings -> Subscription, with a mailto link.
      for (const viewport of [DESKTOP, PHONE]) {
        await customer.page.setViewportSize(viewport);
        await customer.page.goto(`${baseUrl}/app/settings?section=subscription`);
        const card = customer.page.getByRole('region', { name: 'Your account manager' });
        await card.getByText('Priya Natarajan').waitFor();
        expect(await card.getByRole('link', { name: 'priya@upwatch.example' }).getAttribute('href')).toBe('mailto:priya@upwatch.example');
        await card.scrollIntoViewIfNeeded();
        await screenshot(customer.page, `settings-account-manager-${viewport.width}`);
      }
    } finally {
      await customer.close();
    }
  });

  it('collapses the sidebar into a menu at 390 px and logs out to the admin login', async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/admin/users`);
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.waitFor();
    await waitForList(page);
    expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Admin menu' });
    await menu.waitFor();
    await finishAnimations(page);
    await screenshot(page, 'admin-menu-390');
    expect(await menu.getByText(admin.email).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL(`${baseUrl}/admin/payments`);
    await menu.waitFor({ state: 'detached' });

    await opener.click();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await storedAdminToken(page)).toBeNull();
    // The user's session is another key and stays.
    expect(await page.evaluate((key) => localStorage.getItem(key) !== null, SESSION_KEYS.user)).toBe(true);
    await page.setViewportSize(DESKTOP);
    expect(pageErrors).toEqual([]);
    pageErrors = [];
  });

});
