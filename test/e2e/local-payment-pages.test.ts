import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { razorpayClient, stripeClient } from '../integration/helpers/payment-providers.js';
import { hasChromium, launchBrowser, screenshot, type BrowserSession } from './helpers/browser';

/**
 * The local providers' browser-facing parts in Chromium: Stripe's hosted checkout page (declined
 * card, then a paid one back to success_url) and Razorpay's checkout.js popup loaded by a page
 * under a strict Content-Security-Policy like the SPA's (no inline script; the provider's origin
 * allowed in script-src and frame-src only).
 */
const HOST_PAGE_SCRIPT = `
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));
  const params = new URLSearchParams(location.search);
  const show = (id, value) => { document.getElementById(id).textContent = typeof value === 'string' ? value : JSON.stringify(value); };
  const checkout = new Razorpay({
    key: params.get('key'),
    subscription_id: params.get('subscription_id'),
    name: 'Upwatch',
    description: 'Pro plan (monthly)',
    prefill: { email: 'ada@example.com' },
    handler: (response) => show('result', response),
    modal: { ondismiss: () => show('dismissed', 'dismissed') },
  });
  checkout.on('payment.failed', (response) => show('failed', response.error.description));
  document.getElementById('open').addEventListener('click', () => checkout.open());
`;

const startHostPage = async (providerOrigin: string) => {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    if (url.pathname === '/app.js') {
      response.writeHead(200, { 'content-type': 'application/javascript' }).end(HOST_PAGE_SCRIPT);
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': `default-src 'self'; script-src 'self' ${providerOrigin}; frame-src ${providerOrigin}; style-src 'self'`,
      })
      .end(
        url.pathname === '/'
          ? `<!doctype html><html><body><h1>Host page</h1>
            <button id="open">Upgrade by UPI</button><pre id="result"></pre><pre id="failed"></pre><pre id="dismissed"></pre>
            <script src="${providerOrigin}/v1/checkout.js"></script><script src="/app.js"></script></body></html>`
          : `<!doctype html><html><body><h1>Back on the site: ${url.pathname}</h1></body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe.skipIf(!hasChromium())('local payment provider pages (browser)', () => {
  const providers = inject('paymentProviders');
  let browser: BrowserSession;
  let host: Awaited<ReturnType<typeof startHostPage>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    host = await startHostPage(providers.razorpay.apiUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  it('Stripe hosted checkout: a declined card stays on the page, a good one returns to success_url', async () => {
    const stripe = stripeClient(providers.stripe.apiUrl, providers.stripe.secretKey);
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1200, recurring: { interval: 'month' }, product_data: { name: 'Upwatch Pro' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: 'ada@example.com',
      success_url: `${host.url}/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${host.url}/cancelled`,
    });
    const { page } = browser;
    await page.goto(session.url!);
    await expect(page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).resolves.toBe(`${host.url}/cancelled`);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
    await screenshot(page, 'local-stripe-checkout-declined');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${host.url}/done?session_id=${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('Razorpay checkout.js: the UPI popup pays and calls the handler with a valid signature, under a strict CSP', async () => {
    const rz = razorpayClient(providers.razorpay.apiUrl, providers.razorpay.keyId, providers.razorpay.keySecret);
    const plan = await rz.plans.create({ period: 'monthly', interval: 1, item: { name: 'Upwatch Business', amount: 399_900, currency: 'INR' } });
    const subscription = await rz.subscriptions.create({ plan_id: plan.id, total_count: 120, customer_notify: 1 });
    const { page } = browser;
    await page.goto(`${host.url}/?key=${providers.razorpay.keyId}&subscription_id=${subscription.id}`);

    await page.getByRole('button', { name: 'Upgrade by UPI' }).click();
    const popup = page.frameLocator('iframe[title="Razorpay Checkout"]');
    await popup.getByRole('button', { name: 'Fail payment' }).click();
    await page.locator('#failed', { hasText: 'Payment failed' }).waitFor();
    await screenshot(page, 'local-razorpay-popup-failed');
    await popup.getByRole('button', { name: 'Pay by UPI (success)' }).click();
    await page.locator('#result', { hasText: 'razorpay_signature' }).waitFor();
    const response = JSON.parse((await page.locator('#result').textContent()) ?? '{}') as Record<string, string>;
    expect(response.razorpay_subscription_id).toBe(subscription.id);
    expect(response.razorpay_signature).toBe(
      createHmac('sha256', providers.razorpay.keySecret).update(`${response.razorpay_payment_id}|${subscription.id}`).digest('hex'),
    );
    await expect(page.locator('iframe[title="Razorpay Checkout"]').count()).resolves.toBe(0);
    expect((await rz.subscriptions.fetch(subscription.id)).status).toBe('active');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  it('Razorpay checkout.js: closing the popup calls modal.ondismiss', async () => {
    const rz = razorpayClient(providers.razorpay.apiUrl, providers.razorpay.keyId, providers.razorpay.keySecret);
    const plan = await rz.plans.create({ period: 'yearly', interval: 1, item: { name: 'Upwatch Pro', amount: 999_900, currency: 'INR' } });
    const subscription = await rz.subscriptions.create({ plan_id: plan.id, total_count: 10, customer_notify: 1 });
    const { page } = browser;
    await page.goto(`${host.url}/?key=${providers.razorpay.keyId}&subscription_id=${subscription.id}`);
    await page.getByRole('button', { name: 'Upgrade by UPI' }).click();
    const popup = page.frameLocator('iframe[title="Razorpay Checkout"]');
    await expect(popup.getByTestId('amount').textContent()).resolves.toContain('₹9,999.00');
    await screenshot(page, 'local-razorpay-popup');
    await popup.getByRole('button', { name: 'Close' }).click();
    await page.locator('#dismissed', { hasText: 'dismissed' }).waitFor();
    expect((await rz.subscriptions.fetch(subscription.id)).status).toBe('created');
  });
});
