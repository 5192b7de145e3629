import { describe, expect, inject, it } from 'vitest';
import { api } from './helpers/api.js';
import { razorpayClient, stripeClient } from './helpers/payment-providers.js';

/**
 * The local cloud starts both local payment providers (docs/billing.md "The local providers") and
 * hands their keys and URLs to the functions and the SPA: the SDKs reach them with what the cloud
 * provides, and /config.json names the local checkout.js.
 */
describe('local payment providers in the local cloud', () => {
  const providers = inject('paymentProviders');
  const cloudEnv = inject('cloudEnv');

  it('gives the functions the local keys and API URLs', () => {
    expect(cloudEnv).toMatchObject({
      STRIPE_SECRET_KEY: providers.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: providers.stripe.webhookSecret,
      STRIPE_API_URL: providers.stripe.apiUrl,
      RAZORPAY_KEY_ID: providers.razorpay.keyId,
      RAZORPAY_KEY_SECRET: providers.razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: providers.razorpay.webhookSecret,
      RAZORPAY_API_URL: providers.razorpay.apiUrl,
      RAZORPAY_CHECKOUT_URL: providers.razorpay.checkoutUrl,
    });
  });

  it('answers the real SDKs configured from that environment', async () => {
    const stripe = stripeClient(cloudEnv.STRIPE_API_URL!, cloudEnv.STRIPE_SECRET_KEY!);
    expect((await stripe.prices.list({ lookup_keys: ['upwatch_nothing_here'] })).data).toEqual([]);
    const rz = razorpayClient(cloudEnv.RAZORPAY_API_URL!, cloudEnv.RAZORPAY_KEY_ID!, cloudEnv.RAZORPAY_KEY_SECRET!);
    expect(await rz.plans.all()).toMatchObject({ entity: 'collection' });
  });

  it('tells the SPA where checkout.js is, and serves it there', async () => {
    const config = await api<{ razorpayCheckoutUrl: string }>('/config.json');
    expect(config.body.razorpayCheckoutUrl).toBe(providers.razorpay.checkoutUrl);
    const script = await fetch(config.body.razorpayCheckoutUrl);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('window.Razorpay');
  });

  it('lists subscriptions for people on /_local/subscriptions (HTML and JSON)', async () => {
    for (const base of [providers.stripe.apiUrl, providers.razorpay.apiUrl]) {
      const page = await fetch(`${base}/_local/subscriptions`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('subscriptions');
      expect(Array.isArray(await (await fetch(`${base}/_local/subscriptions.json`)).json())).toBe(true);
    }
  });
});
