/**
 * The money path's screens for docs/screenshots/, taken by capture-screenshots.ts after the other
 * screens, for its Pro user with three monitors: the pricing page in rupees, the local Stripe
 * checkout page (and a declined card), the verification banner and the upgraded state after paying
 * for Business, the UPI popup, a cancelled checkout, downgrade and cancel (dialogs and banners), and
 * the monitors disabled once the cancelled plan ends (the local provider's clock advanced).
 */
import fs from 'node:fs';
import path from 'node:path';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { subscriptionKey } from '../../shared/table/keys.js';

export interface BillingScreensContext {
  page: Page;
  baseUrl: string;
  outDir: string;
  widths: readonly { width: number; height: number }[];
  settle: (page: Page) => Promise<void>;
  table: DynamoDBDocumentClient;
  tableName: string;
  userId: string;
  token: string;
  /** The local Stripe's address (its /_local/advance moves a subscription to its period end). */
  stripeUrl: string;
}

export const captureBillingScreens = async (context: BillingScreensContext): Promise<number> => {
  const { page, baseUrl, outDir, widths, settle } = context;
  let count = 0;
  /**
   * The page as it is now, at every width: the full page, or only what is in view (a dialog, a
   * popup). `waiting`: a request is held on purpose, so the network never goes idle.
   */
  const snap = async (screen: string, fullPage = true, waiting = false) => {
    for (const size of widths) {
      await page.setViewportSize(size);
      if (waiting) await page.waitForTimeout(300);
      else await settle(page);
      await page.screenshot({ path: path.join(outDir, `${screen}-${size.width}.png`), fullPage });
      count += 1;
    }
    await page.setViewportSize(widths[0]!);
    console.log(`  ${screen}`);
  };
  const settings = () => page.goto(`${baseUrl}/app/settings?section=subscription`);
  const offer = (tier: string) => page.getByRole('list', { name: 'Plans you can upgrade to' }).getByRole('listitem', { name: tier });
  const payPage = async (card: string) => {
    await page.getByLabel('Card number').fill(card);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
  };
  fs.mkdirSync(outDir, { recursive: true });

  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'UPI (INR)' }).click();
  await page.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: 'Yearly' }).click();
  await snap('pricing-upi-yearly');

  // Business by card: the hosted page, a declined card, then a paid one.
  await settings();
  await offer('Business').getByRole('button', { name: 'Upgrade to $49/month' }).click();
  await page.waitForURL((url) => url.origin !== baseUrl);
  await snap('checkout-card');
  await payPage('4000 0000 0000 0002');
  await page.getByText('Your card was declined.').waitFor();
  await snap('checkout-card-declined');

  // The status answers are held back while the verification banner is photographed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/payments/checkout/status/**', async (route) => {
    await held;
    await route.continue();
  });
  await payPage('4242 4242 4242 4242');
  await page.getByText('Verifying your payment... Please wait.').waitFor();
  await snap('settings-subscription-verifying', true, true);
  release();
  await page.getByText('Subscription upgraded successfully! Your new features are now active.').waitFor({ timeout: 30_000 });
  await page.unroute('**/api/payments/checkout/status/**');
  await snap('settings-subscription-upgraded');

  // Enterprise by UPI: the popup.
  await settings();
  await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'UPI (INR)' }).click();
  await offer('Enterprise').getByRole('button', { name: 'Upgrade to ₹32,999/month' }).click();
  await page.frameLocator('iframe[title="Razorpay Checkout"]').getByRole('button', { name: 'Pay by UPI (success)' }).waitFor();
  await snap('checkout-upi', false);
  await page.frameLocator('iframe[title="Razorpay Checkout"]').getByRole('button', { name: 'Close' }).click();

  // A card checkout left with Cancel.
  await settings();
  await offer('Enterprise').getByRole('button', { name: 'Upgrade to $399/month' }).click();
  await page.waitForURL((url) => url.origin !== baseUrl);
  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  await page.getByText('Payment was cancelled. You can try again anytime.').waitFor();
  await snap('settings-subscription-payment-cancelled');

  // Downgrade to Pro, scheduled for the period end.
  await settings();
  await page.getByRole('listitem', { name: 'Downgrade to Pro' }).getByRole('button', { name: 'Downgrade to Pro' }).click();
  await page.getByRole('dialog', { name: 'Downgrade to Pro?' }).waitFor();
  await snap('settings-subscription-downgrade-confirm', false);
  await page.getByRole('dialog').getByRole('button', { name: 'Downgrade to Pro' }).click();
  await page.getByText(/^Your downgrade to Pro is scheduled for /).waitFor();
  await snap('settings-subscription-downgrade-scheduled');

  // Cancel: a reason, a confirmation, and until when the plan stays.
  await settings();
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('textbox', { name: /Why are you cancelling/ }).fill('Moving the sites to a client account');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Cancel your Business subscription?' }).waitFor();
  await snap('settings-subscription-cancel-confirm', false);
  await page.getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await page.getByText(/^Your subscription has been cancelled\./).waitFor();
  await snap('settings-subscription-cancelled');

  // The period ends on the provider: the account is on Free and two of its monitors are disabled.
  const subscription = await context.table.send(new GetCommand({ TableName: context.tableName, Key: subscriptionKey(context.userId) }));
  const providerId = subscription.Item?.provider_subscription_id;
  if (typeof providerId !== 'string') throw new Error('no provider subscription recorded for the screenshot user');
  const advanced = await fetch(`${context.stripeUrl}/_local/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription_id: providerId, outcome: 'paid' }),
  });
  if (!advanced.ok) throw new Error(`advancing the subscription failed: ${advanced.status} ${await advanced.text()}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const me = (await (await fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${context.token}` } })).json()) as {
      subscription_tier: string;
    };
    if (me.subscription_tier === 'free') break;
    if (Date.now() > deadline) throw new Error(`the plan did not end on Free (still ${me.subscription_tier})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await page.goto(`${baseUrl}/app/monitors`);
  await page.getByText('Disabled', { exact: true }).first().waitFor();
  await snap('monitors-disabled');
  return count;
};
