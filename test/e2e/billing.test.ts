import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, uniqueEmail } from '../integration/helpers/api.js';
import { hasChromium, launchBrowser, screenshot, type BrowserSession } from './helpers/browser';
import { newestMailTo, verificationLink } from './helpers/mail';

const UPGRADED = 'Subscription upgraded successfully! Your new features are now active.';
const CANCELLED = 'Payment was cancelled. You can try again anytime.';

/**
 * The money path in Chromium, against the local cloud and its local Stripe and Razorpay (the real
 * SDKs on the server side, docs/billing.md): a visitor picks Pro on /pricing, signs up, and after
 * the first sign-in pays by card on the hosted checkout page; the same user buys Business by UPI in
 * the popup; a declined card and a cancelled checkout show the product's texts (docs/product-rules.md "Error catalogue"); downgrade and cancel
 * answer with when they take effect. Steps run in order and share one browser and one user.
 */
describe.skipIf(!hasChromium())('billing (browser)', () => {
  const baseUrl = inject('baseUrl');
  const email = uniqueEmail('e2e-billing');
  const name = 'Dorothy Vaughan';
  const password = 'fortran-at-langley';
  let session: BrowserSession;
  let consoleErrors: string[] = [];

  const badge = (page: Page, tier: string) => page.getByRole('banner').getByText(tier, { exact: true });

  /** The way of paying the Settings upgrade form shows as chosen. */
  const methodPressed = (page: Page) =>
    page.getByRole('group', { name: 'Payment method' }).locator('button[aria-pressed="true"]').textContent();

  /** The local Razorpay popup: an iframe checkout.js opens over the page, as the real one does. */
  const upiPopup = (page: Page) => page.frameLocator('iframe[title="Razorpay Checkout"]');

  /** The local Stripe hosted checkout: a card number, then Pay. */
  const payByCard = async (page: Page, card: string) => {
    await page.waitForURL((url) => url.origin !== baseUrl);
    await page.getByLabel('Card number').fill(card);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
  };

  const expectUpgradedTo = async (page: Page, tier: string) => {
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/app/settings');
    await page.getByText(UPGRADED).waitFor({ timeout: 30_000 });
    await badge(page, tier).waitFor();
    await page.getByTestId('current-plan').getByText(tier).waitFor();
    expect(new URL(page.url()).searchParams.get('upgraded')).toBe('true');
  };

  beforeAll(async () => {
    session = await launchBrowser();
    session.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    session.page.on('pageerror', (error) => consoleErrors.push(error.message));
  });

  afterAll(async () => {
    await session?.close();
  });

  it('takes a visitor from Choose Pro on /pricing through sign-up and sign-in to the card checkout, and back upgraded', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/pricing`);
    await page.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(`${baseUrl}/register?plan=pro&billing=monthly`);
    await page.getByText('You chose Pro (monthly).', { exact: false }).waitFor();

    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'Continue to Login' }).waitFor();

    // The verification link is opened from the mail; the chosen plan survives it (localStorage).
    await page.goto(verificationLink(await newestMailTo(email), baseUrl));
    await page.getByText('Email verified').waitFor();
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Straight on to the provider's hosted checkout page, then back.
    await payByCard(page, '4242 4242 4242 4242');
    await expectUpgradedTo(page, 'Pro');
    await page.getByRole('region', { name: 'Current Plan' }).getByText(/^10 monitors · Current period ends /).waitFor();
    const history = page.getByRole('table', { name: 'Payment history' });
    await history.getByRole('row').filter({ hasText: 'Pro' }).filter({ hasText: '$19.00' }).filter({ hasText: 'Completed' }).waitFor();
    // Paid by card, the next upgrade is offered by card too.
    await expect.poll(() => methodPressed(page)).toBe('Card (USD)');
    await screenshot(page, '40-billing-card-upgraded-1280');
  });

  it('downloads the receipt of the card payment from Payment History', async () => {
    const { page } = session;
    const history = page.getByRole('table', { name: 'Payment history' });
    const row = history.getByRole('row').filter({ hasText: 'Pro' }).filter({ hasText: 'Completed' });
    expect(await row.getByRole('cell', { name: 'Card (Stripe)' }).isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download receipt of \$19\.00 for Pro$/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^upwatch-receipt-UPW-[0-9A-Z]{26}\.html$/);
    const receipt = fs.readFileSync((await download.path())!, 'utf8');
    expect(receipt).toContain('Upwatch Pro plan, monthly subscription');
    expect(receipt).toContain('$19.00');
    expect(receipt).toContain(email);
    expect(receipt).toContain('not a tax invoice');
  });

  it("changes the card in Stripe's customer portal and comes back to Settings", async () => {
    const { page } = session;
    const method = page.getByRole('region', { name: 'Payment Method' });
    await method.getByText('Your plan is paid by card, through Stripe.').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, '40-billing-subscription-card-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '40-billing-subscription-card-390');
    await page.setViewportSize({ width: 1280, height: 860 });
    await method.getByRole('button', { name: 'Update payment method' }).click();

    // The local Stripe's portal page, as billing.stripe.com/p/session/... is.
    await page.waitForURL((url) => url.origin !== baseUrl && url.pathname.startsWith('/p/session/bps_'));
    // The card paid with at checkout (its page asks no expiry, so the local Stripe kept a December one).
    await page.getByTestId('default-card').filter({ hasText: /^Visa •••• 4242, expires 12\/\d{4}$/ }).waitFor();
    await page.getByLabel('Card number').fill('5555 5555 5555 4444');
    await page.getByLabel('Expiry').fill('11 / 33');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Update payment method' }).click();
    await page.getByText('Your payment method was updated.').waitFor();
    await page.getByTestId('default-card').filter({ hasText: 'Mastercard •••• 4444, expires 11/2033' }).waitFor();
    await screenshot(page, '40-billing-card-portal-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '40-billing-card-portal-390');
    await page.setViewportSize({ width: 1280, height: 860 });

    await page.getByRole('link', { name: '← Return to Upwatch' }).click();
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/app/settings' && url.searchParams.get('section') === 'subscription');
    await method.getByRole('button', { name: 'Update payment method' }).waitFor();
    await badge(page, 'Pro').waitFor();
  });

  it('buys Business by UPI from the pricing page, with INR prices, in the popup', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/pricing`);
    await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'UPI (INR)' }).click();
    expect(await page.getByTestId('price-business').textContent()).toBe('₹3,999');
    await page.getByRole('article', { name: 'Pro' }).getByRole('link', { name: 'Your current plan' }).waitFor();
    await page.getByRole('article', { name: 'Business' }).getByRole('button', { name: 'Upgrade to Business' }).click();

    await upiPopup(page).getByRole('button', { name: 'Pay by UPI (success)' }).click({ timeout: 30_000 });
    await expectUpgradedTo(page, 'Business');
    const history = page.getByRole('table', { name: 'Payment history' });
    await history.getByRole('row').filter({ hasText: 'Business' }).filter({ hasText: '₹3,999.00' }).filter({ hasText: 'UPI (Razorpay)' }).waitFor();
    // Paid by UPI there is no card to change: the Payment Method card says where the mandate lives, with no button.
    const method = page.getByRole('region', { name: 'Payment Method' });
    await method.getByTestId('upi-payment-method').waitFor();
    expect(await method.getByRole('button').count()).toBe(0);
    await screenshot(page, '40-billing-upi-upgraded-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '40-billing-upi-upgraded-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('shows a declined card on the checkout page, and the cancelled text after Cancel', async () => {
    const { page } = session;
    consoleErrors = [];
    await page.goto(`${baseUrl}/app/settings?section=subscription`);
    const offers = page.getByRole('list', { name: 'Plans you can upgrade to' });
    // Business is paid by UPI: the upgrade form starts on UPI, in rupees, until Card is picked.
    await offers.getByRole('listitem', { name: 'Enterprise' }).getByRole('button', { name: 'Upgrade to ₹32,999/month' }).waitFor();
    expect(await methodPressed(page)).toBe('UPI (INR)');
    await screenshot(page, '40-billing-upgrade-defaults-to-upi-1280');
    await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'Card (USD)' }).click();
    const upgrade = offers.getByRole('listitem', { name: 'Enterprise' }).getByRole('button', { name: 'Upgrade to $399/month' });
    await upgrade.click();
    await payByCard(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    await screenshot(page, '40-billing-card-declined-1280');

    await page.getByRole('link', { name: 'Cancel', exact: true }).click();
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/app/settings');
    await page.getByText(CANCELLED).waitFor();
    await badge(page, 'Business').waitFor();
    // The checkout is ended at once (the session expired at the provider): no "Pending" left behind.
    const history = page.getByRole('table', { name: 'Payment history' });
    await history.getByRole('row').filter({ hasText: 'Enterprise' }).filter({ hasText: 'Abandoned' }).waitFor();
    expect(await history.getByRole('row').filter({ hasText: 'Pending' }).count()).toBe(0);
    await screenshot(page, '40-billing-cancelled-1280');
  });

  it('tells a UPI failure and a closed popup apart', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/settings?section=subscription`);
    await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'UPI (INR)' }).click();
    const enterprise = page.getByRole('list', { name: 'Plans you can upgrade to' }).getByRole('listitem', { name: 'Enterprise' });
    await enterprise.getByRole('button', { name: 'Upgrade to ₹32,999/month' }).click();
    // A failed attempt is reported at once; the popup stays open for another try, as Razorpay's does.
    await upiPopup(page).getByRole('button', { name: 'Fail payment' }).click({ timeout: 30_000 });
    const failure = page.getByRole('main').getByRole('alert');
    await failure.waitFor();
    expect((await failure.textContent())?.trim()).not.toBe('');
    await screenshot(page, '40-billing-upi-failed-1280');
    await upiPopup(page).getByRole('button', { name: 'Close' }).click();
    await page.locator('iframe[title="Razorpay Checkout"]').waitFor({ state: 'detached' });
    expect(await enterprise.getByRole('button', { name: 'Upgrade to ₹32,999/month' }).isEnabled()).toBe(true);
    await badge(page, 'Business').waitFor();
  });

  it('schedules a downgrade for the end of the period and says so', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/settings?section=subscription`);
    const management = page.getByRole('region', { name: 'Subscription Management' });
    const pro = management.getByRole('listitem', { name: 'Downgrade to Pro' });
    await pro.getByText('You have no monitors yet, so none will be disabled.').waitFor();
    expect(await pro.getByText(/Up to \d+ monitors/).count()).toBe(0);
    // Paid by UPI: the smaller plan is priced in rupees.
    expect(await pro.getByTestId('downgrade-price').textContent()).toBe('₹1,599/month');
    await pro.getByRole('button', { name: 'Downgrade to Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Downgrade to Pro?' });
    await dialog.getByRole('button', { name: 'Downgrade to Pro' }).click();
    const banner = page.getByText(/^Your downgrade to Pro is scheduled for .+\. Your current plan stays active until then\.$/);
    await banner.waitFor();
    // The change is said where the cards were, and the same downgrade is not offered again.
    const note = management.getByTestId('scheduled-downgrade');
    await note.filter({ hasText: /^Your plan changes to Pro on .+\. Your Business plan stays active until then\.$/ }).waitFor();
    await pro.waitFor({ state: 'detached' });
    expect(await management.getByRole('listitem', { name: 'Downgrade to Free' }).isVisible()).toBe(true);
    await page.getByTestId('scheduled-change').filter({ hasText: /^Downgrade scheduled: moves to the Pro plan on .+\.$/ }).waitFor();
    await screenshot(page, '40-billing-downgrade-scheduled-1280');
    // docs/product-rules.md "Downgrades and cancellation": the banner hides after 10 seconds.
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    await badge(page, 'Business').waitFor();
    // It stays so on the next visit: the page reads what is scheduled from the server.
    await page.reload();
    await note.waitFor();
    expect(await management.getByRole('button', { name: 'Downgrade to Pro' }).count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '40-billing-downgrade-scheduled-390');
    await page.setViewportSize({ width: 1280, height: 860 });

    // docs/billing.md "Resume and undo": Keep Business takes the downgrade back before it happens.
    await management.getByRole('button', { name: 'Keep Business' }).click();
    await page.getByText(/^You stay on the Business plan\. It renews on .+ as before\.$/).waitFor();
    await note.waitFor({ state: 'detached' });
    await management.getByRole('listitem', { name: 'Downgrade to Pro' }).waitFor();
    expect(await page.getByTestId('scheduled-change').count()).toBe(0);
  });

  it('cancels with an optional reason and a confirmation, and says until when the plan stays', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/settings?section=subscription`);
    await page.getByRole('region', { name: 'Subscription Management' }).getByRole('button', { name: 'Cancel Subscription' }).click();
    const reason = page.getByRole('dialog', { name: 'Cancel your subscription' });
    await reason.getByRole('textbox', { name: /Why are you cancelling/ }).fill('Trying the free plan for a while');
    await reason.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your Business subscription?' });
    await screenshot(page, '40-billing-cancel-confirm-1280');
    await confirm.getByRole('button', { name: 'Yes, cancel subscription' }).click();
    await page.getByText(/^Your subscription has been cancelled\. Business stays active until .+; then your account moves to Free\.$/).waitFor();
    await badge(page, 'Business').waitFor();
    // The Current Plan card keeps saying so after the banner, and there is no second Cancel.
    await page.getByTestId('scheduled-change').filter({ hasText: /^Cancelled: moves to the Free plan on .+\.$/ }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    // Cancelled, the plan ends on Free: no downgrade is offered any more.
    await page.getByTestId('scheduled-downgrade').filter({ hasText: /^Your plan changes to Free on .+\. Your Business plan stays active until then\.$/ }).waitFor();
    expect(await page.getByRole('list', { name: 'Plans you can downgrade to' }).count()).toBe(0);
    await screenshot(page, '40-billing-cancelled-subscription-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Resume subscription' }).scrollIntoViewIfNeeded();
    await screenshot(page, '40-billing-cancelled-subscription-390');
    await page.setViewportSize({ width: 1280, height: 860 });

    const me = await api<{ subscription_tier: string }>('/api/auth/me', {
      token: (await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: { email, password } })).body.access_token,
    });
    expect(me.body.subscription_tier).toBe('business');
  });

  it('resumes the cancelled subscription: the cancellation is gone and Cancel is offered again', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/settings?section=subscription`);
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByText(/^Your Business subscription is resumed\. It renews on .+\.$/).waitFor();
    await page.getByRole('region', { name: 'Subscription Management' }).getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    expect(await page.getByTestId('scheduled-change').count()).toBe(0);
    expect(await page.getByTestId('scheduled-downgrade').count()).toBe(0);
    await screenshot(page, '40-billing-resumed-1280');
    await badge(page, 'Business').waitFor();
  });
});
