import type { Page } from 'playwright-core';
import { passOperatorSecondStep } from './helpers/operator-second-step';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Payment } from '../../shared/billing/payments.js';
import { userKey } from '../../shared/table/keys.js';
import { api, latestMailTo, PASSWORD, signedInUser, uniqueEmail } from '../integration/helpers/api.js';
import { patchTableItem, startTargetSite, waitFor } from '../integration/helpers/pipeline.js';
import { finishAnimations, hasChromium, launchBrowser, signIn, type BrowserSession } from './helpers/browser';
import { axeFindings, formatFindings } from './helpers/axe';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

/**
 * Every screen of the product, with its dialogs open, through axe-core (docs/accessibility.md):
 * the public pages, the signed-in app of a Pro user with monitors and an outage, and the operator
 * panel, at 1280 px and the main ones at 390 px. No critical, serious or moderate finding may
 * remain; each screen is reported on its own, so one run lists everything there is to fix.
 */
describe.skipIf(!hasChromium())('accessibility (axe-core, browser)', () => {
  const baseUrl = inject('baseUrl');
  const admin = inject('adminCredentials');
  let session: BrowserSession;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let grace: Awaited<ReturnType<typeof signedInUser>>;
  let userId: string;

  /** Waits until the screen has its data: no request in flight, no skeleton or busy region left. */
  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.animate-pulse, [aria-busy="true"]'), undefined, { timeout: 10_000 });
    // Dialogs and menus slide in: their final colours are what is checked.
    // (Endless ones, such as a live dot's pulse, are left running.)
    await finishAnimations(page);
  };

  /** Checks what the page shows now, at each of the given widths; each failure names its screen. */
  const check = async (page: Page, screen: string, sizes: { width: number; height: number }[] = [DESKTOP]) => {
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      const findings = await axeFindings(page);
      expect.soft(formatFindings(`${screen} at ${size.width} px`, findings), `${screen} at ${size.width} px`).toBe('');
    }
    await page.setViewportSize(DESKTOP);
  };

  const visit = async (page: Page, screen: string, url: string, sizes?: { width: number; height: number }[]) => {
    await page.goto(url.startsWith('http') ? url : `${baseUrl}${url}`);
    await check(page, screen, sizes);
  };

  /** A paid, a failed and a pending checkout, as the payment repository records them (docs/billing.md), for the payments lists. */
  const seedPayments = async (owner: string) => {
    const repo = await import('../../functions/repositories/payment-repository.js');
    for (const to of ['completed', 'failed', 'pending'] as const) {
      const now = new Date().toISOString();
      const payment: Payment = {
        id: ulid(),
        user_id: owner,
        package_id: 'pro',
        billing_period: 'monthly',
        amount: 1900,
        currency: 'usd',
        payment_gateway: 'stripe',
        payment_status: 'pending',
        gateway_status: 'open',
        gateway_ref: `ref_${ulid()}`,
        gateway_subscription_id: null,
        kind: 'checkout',
        created_at: now,
        updated_at: now,
      };
      expect(await repo.createPayment(payment, [payment.gateway_ref])).toBe('created');
      if (to === 'pending') continue;
      const gatewayStatus = to === 'completed' ? 'paid' : 'payment_failed';
      expect(await repo.changePaymentStatus({ userId: owner, paymentId: payment.id, from: 'pending', to, gatewayStatus, at: new Date() })).toBe('changed');
    }
  };

  beforeAll(async () => {
    Object.assign(process.env, inject('cloudEnv'));
    site = await startTargetSite();
    grace = await signedInUser('e2e-a11y');
    userId = (await api<{ id: string }>('/api/auth/me', { token: grace.token })).body.id;
    // Pro: room for the monitors below and the bulk upload's file step.
    await patchTableItem(userKey(userId), { subscription_tier: 'pro' });
    await seedPayments(userId);
    session = await launchBrowser({ bypassCSP: true });
  });

  afterAll(async () => {
    await session?.close();
    await site?.down();
  });

  it('public and sign-in pages', async () => {
    const { page } = session;
    const both = [DESKTOP, PHONE];
    await visit(page, 'landing', '/', both);
    await visit(page, 'pricing', '/pricing', both);
    await visit(page, 'about', '/about');
    await visit(page, 'contact', '/contact', both);
    await visit(page, 'terms', '/terms');
    await visit(page, 'privacy', '/privacy');
    await visit(page, 'refund', '/refund');
    await visit(page, 'not found', '/no-such-page');
    await visit(page, 'login', '/login', both);
    await visit(page, 'forgot password', '/forgot-password');
    await visit(page, 'verify email (bad link)', '/verify-email?token=not-a-real-token');
    await visit(page, 'reset password (bad link)', '/reset-password?token=not-a-real-token');

    await api('/api/auth/forgot-password', { method: 'POST', body: { email: grace.email } });
    const resetToken = /\/reset-password\?token=([\w-]+)/.exec((await latestMailTo(grace.email)).body.text ?? '')?.[1];
    expect(resetToken).toBeTruthy();
    await visit(page, 'reset password', `/reset-password?token=${resetToken}`);

    await visit(page, 'register', '/register', both);
    // The form's errors, then the success panel that replaces it.
    await page.getByRole('button', { name: 'Create account' }).click();
    await check(page, 'register with errors');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(uniqueEmail('e2e-a11y-register'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'Continue to Login' }).waitFor();
    await check(page, 'registered', [DESKTOP, PHONE]);

    // The sign-in shown in place of an app page, and the pages an alert's links open.
    await visit(page, 'app signed out', '/app/dashboard');
    await visit(page, 'acknowledge (bad link)', '/ack?token=not-a-real-token');
    await visit(page, 'confirm channel (bad link)', '/confirm-channel?token=not-a-real-token');
  });

  it('the signed-in app, empty and with monitors, its dialogs and settings', async () => {
    const { page } = session;
    await signIn(page, baseUrl, grace.email);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await check(page, 'dashboard (empty)', [DESKTOP, PHONE]);
    await visit(page, 'status pages (empty)', '/app/status-pages', [DESKTOP, PHONE]);
    await visit(page, 'monitors (empty)', '/app/monitors');
    await page.getByRole('button', { name: 'Add Your First Monitor' }).click();
    await page.getByRole('dialog', { name: 'Add Monitor' }).waitFor();
    await check(page, 'add monitor dialog', [DESKTOP, PHONE]);
    await page.getByRole('dialog', { name: 'Add Monitor' }).getByRole('button', { name: 'Add Monitor' }).click();
    await check(page, 'add monitor dialog with errors');
    await page.keyboard.press('Escape');

    // Two monitors on a site of this machine, one of them down: an open incident.
    const create = (name: string, url: string) =>
      api<{ id: string }>('/api/monitors', { method: 'POST', token: grace.token, body: { name, url, check_interval: 300, timeout: 10 } });
    const shop = (await create('Online shop', site.url())).body;
    await create('Company blog', site.url('blog'));
    await waitFor('first checks', async () => {
      const { monitors } = (await api<{ monitors: { is_up: boolean | null }[] }>('/api/monitors', { token: grace.token })).body;
      return monitors.length === 2 && monitors.every((monitor) => monitor.is_up === true);
    });
    await site.down();
    await api('/api/monitors/force-check?limit=50', { method: 'POST', token: grace.token });
    const incidentId = await waitFor('an open incident', async () => {
      const list = await api<{ incidents?: { id: string }[] }>('/api/incidents', { token: grace.token });
      return list.body.incidents?.[0]?.id;
    });

    await visit(page, 'dashboard', '/app/dashboard', [DESKTOP, PHONE]);
    await visit(page, 'monitors', '/app/monitors', [DESKTOP, PHONE]);
    await page.getByRole('button', { name: 'Edit Online shop' }).click();
    await page.getByRole('dialog', { name: 'Edit Monitor' }).waitFor();
    await check(page, 'edit monitor dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Online shop' }).click();
    await page.getByRole('dialog', { name: 'Delete Monitor' }).waitFor();
    await check(page, 'delete monitor dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Monitor Upload' });
    await bulk.waitFor();
    await check(page, 'bulk upload dialog', [DESKTOP, PHONE]);
    await bulk.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'monitors.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,url,check_interval,timeout\nDocs,https://docs.example.com,300,30\nBroken,not a url,300,30\n'),
    });
    await bulk.getByRole('button', { name: 'Upload', exact: true }).click();
    await bulk.getByTestId('bulk-upload-result').waitFor();
    await check(page, 'bulk upload result');
    await page.keyboard.press('Escape');

    await visit(page, 'monitors offline', '/app/monitors/offline');
    await visit(page, 'monitors search without a match', '/app/monitors?search=no-such-site');
    await visit(page, 'monitor detail', `/app/monitors/${shop.id}`, [DESKTOP, PHONE]);
    // Its Badges section with links made (docs/status-pages.md "Badges"), and the rotation's confirmation.
    await page.getByRole('button', { name: 'Create badge links' }).click();
    await page.getByRole('img', { name: /30-day uptime$/ }).waitFor();
    await check(page, 'monitor detail with badge links', [DESKTOP, PHONE]);
    await page.getByRole('button', { name: 'Rotate links' }).click();
    await page.getByRole('dialog', { name: 'Rotate badge links?' }).waitFor();
    await check(page, 'rotate badge links dialog');
    await page.keyboard.press('Escape');
    await visit(page, 'incidents', '/app/incidents', [DESKTOP, PHONE]);
    await visit(page, 'incident', `/app/incidents/${incidentId}`, [DESKTOP, PHONE]);
    // Its updates (docs/status-pages.md "Incident updates"): the server's field error, then a posted update in the list.
    const updateForm = page.getByRole('form', { name: 'Post update' });
    await updateForm.getByLabel('Message').fill(' ');
    await updateForm.getByRole('button', { name: 'Post update' }).click();
    await updateForm.locator('[aria-invalid="true"]').waitFor();
    await check(page, 'incident update form with errors');
    await updateForm.getByLabel('Status').selectOption('identified');
    await updateForm.getByLabel('Message').fill('We found **the cause**: a full disk.\n\n- Freed space\n- Watching it\n\nDetails: https://example.com/notes');
    await updateForm.getByLabel('Also affects').selectOption({ index: 1 });
    await updateForm.getByRole('button', { name: 'Post update' }).click();
    await page.getByText('Update posted.').waitFor();
    await page.getByTestId('incident-updates').getByText('Identified').waitFor();
    await check(page, 'incident with an update', [DESKTOP, PHONE]);

    // Status pages (docs/status-pages.md "Managing pages"): the form with both monitors picked, its
    // errors, then the list with a page and its delete dialog.
    await visit(page, 'status page form', '/app/status-pages/new');
    await page.getByRole('list', { name: 'Your monitors' }).getByLabel(/^Online shop/).check();
    await page.getByRole('list', { name: 'Your monitors' }).getByLabel(/^Company blog/).check();
    await check(page, 'status page form with components', [DESKTOP, PHONE]);
    await page.getByRole('button', { name: 'Save' }).click();
    await check(page, 'status page form with errors');
    const statusPage = await api<{ id: string }>('/api/status-pages', { method: 'POST', token: grace.token, body: { name: 'Grace status', slug: `grace-${userId.slice(-8).toLowerCase()}`, monitor_ids: [shop.id] } });
    expect(statusPage.status).toBe(201);
    // The page's screen with a subscriber, and Remove's question (docs/status-pages.md "Subscribers").
    const subscribed = await api(`/api/public/status/grace-${userId.slice(-8).toLowerCase()}/subscribe`, { method: 'POST', body: { email: 'reader@example.com' } });
    expect(subscribed.status).toBe(202);
    await page.goto(`${baseUrl}/app/status-pages/${statusPage.body.id}`);
    await page.getByRole('button', { name: 'Remove reader@example.com' }).click();
    await page.getByRole('dialog', { name: 'Remove subscriber' }).waitFor();
    await check(page, 'remove subscriber dialog');
    await page.keyboard.press('Escape');
    await check(page, 'status page with subscribers', [DESKTOP, PHONE]);
    await visit(page, 'status pages', '/app/status-pages', [DESKTOP, PHONE]);
    await page.getByRole('button', { name: 'Delete Grace status' }).click();
    await page.getByRole('dialog', { name: 'Delete status page' }).waitFor();
    await check(page, 'delete status page dialog');
    await page.keyboard.press('Escape');

    // Maintenance: a weekly window in the list, the form and the delete question.
    await api('/api/maintenance-windows', {
      method: 'POST',
      token: grace.token,
      body: { title: 'Database upgrade', timezone: 'America/New_York', starts_at: '2026-03-01T01:30', ends_at: '2026-03-01T03:30', rrule: 'FREQ=WEEKLY;BYDAY=SU', monitor_ids: [shop.id] },
    });
    await visit(page, 'maintenance', '/app/maintenance', [DESKTOP, PHONE]);
    await page.getByRole('button', { name: 'Schedule maintenance' }).click();
    const maintenanceForm = page.getByRole('dialog', { name: 'Schedule maintenance' });
    await maintenanceForm.getByLabel('Repeat').selectOption('weekly');
    await check(page, 'maintenance form', [DESKTOP, PHONE]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Database upgrade' }).click();
    await page.getByRole('dialog', { name: 'Delete maintenance window' }).waitFor();
    await check(page, 'delete maintenance dialog');
    await page.keyboard.press('Escape');

    for (const section of ['profile', 'subscription', 'notifications', 'security', 'export', 'sla', 'audit']) {
      await visit(page, `settings ${section}`, `/app/settings?section=${section}`, section === 'profile' || section === 'audit' ? [DESKTOP, PHONE] : [DESKTOP]);
    }
    await page.goto(`${baseUrl}/app/settings?section=subscription`);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog', { name: 'Cancel your subscription' }).waitFor();
    await check(page, 'cancel subscription dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/app/settings?section=security`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Confirm account deletion' }).waitFor();
    await check(page, 'delete account dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/app/settings?section=notifications`);
    await page.getByRole('region', { name: 'Alert channels' }).getByRole('button', { name: 'Add channel' }).click();
    const channel = page.getByRole('dialog', { name: 'Add alert channel' });
    await channel.getByRole('radio', { name: 'Slack' }).check();
    await check(page, 'channel form', [DESKTOP, PHONE]);
    await page.keyboard.press('Escape');

    // The slide-in menu of a phone.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await check(page, 'app menu', [PHONE]);
  });

  it('plan and payment dialogs, the delivery log and the local payment pages', async () => {
    const { page } = session;
    const providers = inject('paymentProviders');
    // At the monitor limit (a Free plan with this user's monitors), Add Monitor opens Upgrade Your Plan at once.
    await patchTableItem(userKey(userId), { subscription_tier: 'free' });
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByTestId('limit-banner').waitFor();
    await page.getByRole('button', { name: 'Add Monitor', exact: true }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Plan' });
    await upgrade.getByRole('heading', { name: 'Business', exact: true }).waitFor();
    await check(page, 'upgrade your plan at the limit', [DESKTOP, PHONE]);
    await page.keyboard.press('Escape');
    await patchTableItem(userKey(userId), { subscription_tier: 'pro' });

    // A channel's delivery log, with the test alert it was sent.
    const channel = await api<{ id: string }>('/api/channels', {
      method: 'POST',
      token: grace.token,
      body: { type: 'slack', name: 'Ops room', config: { webhook_url: `https://hooks.slack.com/services/T0A11Y/B0A11Y/${ulid().toLowerCase()}` } },
    });
    expect(channel.status).toBe(201);
    expect((await api(`/api/channels/${channel.body.id}/test`, { method: 'POST', token: grace.token })).status).toBe(200);
    await page.goto(`${baseUrl}/app/settings?section=notifications`);
    await page.getByRole('list', { name: 'Alert channels' }).getByRole('listitem', { name: 'Ops room' }).getByRole('button', { name: 'Delivery log' }).click();
    await page.getByRole('dialog', { name: 'Delivery log: Ops room' }).getByRole('row').nth(1).waitFor();
    await check(page, 'delivery log dialog', [DESKTOP, PHONE]);
    await page.keyboard.press('Escape');

    // Subscription: the downgrade question, then Business by UPI (the local Razorpay popup) and by card (the local Stripe pages).
    await page.goto(`${baseUrl}/app/settings?section=subscription`);
    const management = page.getByRole('region', { name: 'Subscription Management' });
    await management.getByRole('listitem', { name: 'Downgrade to Free' }).getByRole('button', { name: 'Downgrade to Free' }).click();
    await page.getByRole('dialog', { name: 'Downgrade to Free?' }).waitFor();
    await check(page, 'downgrade dialog', [DESKTOP, PHONE]);
    await page.keyboard.press('Escape');

    const offers = page.getByRole('list', { name: 'Plans you can upgrade to' });
    await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'UPI (INR)' }).click();
    await offers.getByRole('listitem', { name: 'Business' }).getByRole('button', { name: /^Upgrade to ₹/ }).click();
    const popup = page.locator('iframe[title="Razorpay Checkout"]');
    await page.frameLocator('iframe[title="Razorpay Checkout"]').getByRole('button', { name: 'Close' }).waitFor({ timeout: 30_000 });
    const popupFrame = (await (await popup.elementHandle())!.contentFrame())!;
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      expect.soft(formatFindings(`local Razorpay popup at ${size.width} px`, await axeFindings(popupFrame)), `local Razorpay popup at ${size.width} px`).toBe('');
    }
    await page.setViewportSize(DESKTOP);
    await page.frameLocator('iframe[title="Razorpay Checkout"]').getByRole('button', { name: 'Close' }).click();
    await popup.waitFor({ state: 'detached' });

    await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'Card (USD)' }).click();
    await offers.getByRole('listitem', { name: 'Business' }).getByRole('button', { name: /^Upgrade to \$/ }).click();
    await page.waitForURL((url) => url.origin !== new URL(baseUrl).origin);
    await page.getByLabel('Card number').waitFor();
    await check(page, 'local Stripe checkout', [DESKTOP, PHONE]);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Your card was declined.').waitFor();
    await check(page, 'local Stripe checkout, card declined');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.origin === new URL(baseUrl).origin && url.pathname === '/app/settings');
    const method = page.getByRole('region', { name: 'Payment Method' });
    await method.getByRole('button', { name: 'Update payment method' }).click({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname.startsWith('/p/session/bps_'));
    await page.getByTestId('default-card').waitFor();
    await check(page, 'local Stripe card portal', [DESKTOP, PHONE]);
    await page.getByRole('link', { name: '← Return to Upwatch' }).click();
    await page.waitForURL((url) => url.origin === new URL(baseUrl).origin);

    // The providers' own pages listing their subscriptions (a developer's view of the local cloud).
    await visit(page, 'local Stripe subscriptions', `${providers.stripe.apiUrl}/_local/subscriptions`);
    await visit(page, 'local Razorpay subscriptions', `${providers.razorpay.apiUrl}/_local/subscriptions`);
  });

  it('the operator panel, its dialogs included', async () => {
    const { page } = session;
    // A user's credentials at the operator sign-in: refused and recorded, so the error log has a row.
    expect((await api('/api/admin/login', { method: 'POST', body: { email: grace.email, password: PASSWORD } })).status).toBe(401);
    await visit(page, 'operator sign-in', '/admin', [DESKTOP, PHONE]);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await passOperatorSecondStep(page, admin.email);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await check(page, 'operator dashboard', [DESKTOP, PHONE]);
    await visit(page, 'operator users', '/admin/users', [DESKTOP, PHONE]);

    const row = page.getByTestId('user-row').filter({ hasText: grace.email });
    await page.getByLabel('Search', { exact: true }).fill(grace.email);
    await row.waitFor();
    await row.getByRole('button', { name: /^View / }).click();
    await page.getByRole('dialog', { name: 'User Details' }).getByText('User Information').waitFor();
    await check(page, 'operator user dialog', [DESKTOP, PHONE]);
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: /^Edit / }).click();
    await page.getByRole('dialog', { name: 'Edit User' }).waitFor();
    await check(page, 'operator edit user dialog');
    await page.keyboard.press('Escape');
    // The quick upgrade's confirmation, on a Free user's row.
    const freeUser = await signedInUser('e2e-a11y-free');
    const freeRow = page.getByTestId('user-row').filter({ hasText: freeUser.email });
    await page.getByLabel('Search', { exact: true }).fill(freeUser.email);
    await freeRow.waitFor();
    await freeRow.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await upgrade.waitFor();
    await check(page, 'operator upgrade confirmation');
    await upgrade.getByRole('button', { name: 'Cancel' }).click();
    await upgrade.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Monitor Upload' });
    await bulk.waitFor();
    await check(page, 'operator bulk upload', [DESKTOP, PHONE]);
    await bulk.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'monitors.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`user_email,name,url,check_interval,timeout\n${grace.email},Status page,https://status.example.com,300,30\nnobody-here@example.com,Orphan,https://orphan.example.com,300,30\n`),
    });
    await bulk.getByRole('button', { name: 'Upload', exact: true }).click();
    await bulk.getByText(/Upload complete/).waitFor();
    await check(page, 'operator bulk upload result');
    await page.keyboard.press('Escape');

    await visit(page, 'operator monitors', '/admin/monitors', [DESKTOP, PHONE]);
    // The monitor dialog with its operator action (pause or disable with a reason).
    await page.getByTestId('monitor-row').first().click();
    await page.getByRole('dialog', { name: 'Monitor Details' }).getByRole('region', { name: 'Operator action' }).waitFor();
    await check(page, 'operator monitor dialog', [DESKTOP, PHONE]);
    await page.keyboard.press('Escape');
    await visit(page, 'operator incidents', '/admin/incidents', [DESKTOP, PHONE]);
    await visit(page, 'operator payments', '/admin/payments');
    await visit(page, 'operator messages', '/admin/messages');
    await visit(page, 'operator error logs', '/admin/error-logs');
    await page.getByTestId('error-row').first().getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('dialog', { name: 'Error Details' }).waitFor();
    await check(page, 'operator error dialog');
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await check(page, 'operator menu', [PHONE]);
  });
});
