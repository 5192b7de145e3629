import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeServer, type LocalStripe } from '../../infra/local/payment-providers/stripe/stripe-server.js';
import { FAST_RETRY, startWebhookReceiver, stripeClient, type WebhookReceiver } from './helpers/payment-providers.js';

/**
 * The local Stripe driven by the real `stripe` SDK exactly as docs/billing.md lists the product's
 * calls; webhooks checked with the SDK's own verifier. Each test runs its own server in process
 * (memory state, a recording webhook endpoint), so it can count every event it causes.
 */
let local: LocalStripe;
let receiver: WebhookReceiver;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  local = await startStripeServer({ port: 0, stateFile: null, webhookUrl: receiver.url, retry: FAST_RETRY, log: () => undefined });
  stripe = stripeClient(local.url, local.secretKey);
  return () => local.close();
});

const events = (count: number) =>
  receiver.waitFor(count).then((hooks) =>
    hooks.map((hook) => stripe.webhooks.constructEvent(hook.body, String(hook.headers['stripe-signature']), local.webhookSecret, 300)),
  );

const proPrice = async (period: 'month' | 'year' = 'month', tier = 'pro') => {
  const lookupKey = `upwatch_${tier}_${period === 'month' ? 'monthly' : 'yearly'}_usd`;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey] });
  if (found.data[0]) return found.data[0];
  return stripe.prices.create({
    lookup_key: lookupKey,
    currency: 'usd',
    unit_amount: tier === 'pro' ? 1200 : 4900,
    recurring: { interval: period },
    product_data: { name: tier === 'pro' ? 'Upwatch Pro' : 'Upwatch Business' },
  });
};

const openSession = async (period: 'month' | 'year' = 'month') => {
  const price = await proPrice(period);
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price.id, quantity: 1 }],
    customer_email: 'ada@example.com',
    client_reference_id: 'user-1',
    metadata: { user_id: 'user-1', package_id: 'pro' },
    subscription_data: { metadata: { user_id: 'user-1', package_id: 'pro' } },
    success_url: 'http://localhost:3000/settings?session_id={CHECKOUT_SESSION_ID}&success=true&gateway=stripe',
    cancel_url: 'http://localhost:3000/settings?cancelled=true',
  });
};

/** Posts the hosted page's form as a browser would; returns the redirect or the re-rendered page. */
const payOnHostedPage = async (sessionUrl: string, cardNumber: string) => {
  const response = await fetch(sessionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber, card_expiry: '12 / 34', card_cvc: '123' }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
};

const paidSubscription = async () => {
  const session = await openSession();
  await payOnHostedPage(session.url!, '4242 4242 4242 4242');
  await events(3);
  receiver.received.length = 0;
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(paid.subscription as string);
};

const advance = async (subscriptionId: string, outcome: 'paid' | 'failed') => {
  const response = await fetch(`${local.url}/_local/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription_id: subscriptionId, outcome }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Stripe.Subscription;
};

describe('local Stripe: API subset through the stripe SDK', () => {
  it('creates a price by lookup key once and finds it again with prices.list', async () => {
    const created = await proPrice();
    expect(created).toMatchObject({ object: 'price', currency: 'usd', unit_amount: 1200, lookup_key: 'upwatch_pro_monthly_usd', type: 'recurring' });
    expect(created.id).toMatch(/^price_/);
    expect(created.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    expect(created.product).toMatch(/^prod_/);
    const listed = await stripe.prices.list({ lookup_keys: ['upwatch_pro_monthly_usd', 'upwatch_other'] });
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data.map((price) => price.id)).toEqual([created.id]);
    const product = await stripe.products.retrieve(created.product as string);
    expect(product.name).toBe('Upwatch Pro');
    await expect(
      stripe.prices.create({ lookup_key: 'upwatch_pro_monthly_usd', currency: 'usd', unit_amount: 1, recurring: { interval: 'month' }, product_data: { name: 'x' } }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'lookup_key' });
  });

  it('creates a subscription-mode checkout session whose url is the hosted page', async () => {
    const session = await openSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1200,
      currency: 'usd',
      customer_email: 'ada@example.com',
      client_reference_id: 'user-1',
      metadata: { user_id: 'user-1', package_id: 'pro' },
      subscription: null,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${local.url}/checkout/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Upwatch Pro');
    expect(html).toContain('$12.00');
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('href="http://localhost:3000/settings?cancelled=true"');
    const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(withItems.line_items?.data[0]).toMatchObject({ amount_total: 1200, quantity: 1, price: { lookup_key: 'upwatch_pro_monthly_usd' } });
  });

  it('answers a repeated idempotency key with the first session, and refuses the key with other parameters', async () => {
    const price = await proPrice();
    const params = { mode: 'subscription' as const, line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://localhost/ok' };
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: 'checkout-payment-1' });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: 'checkout-payment-1' });
    expect(again.id).toBe(first.id);
    expect(Object.keys(local.state().sessions)).toHaveLength(1);
    await expect(stripe.checkout.sessions.create({ ...params, success_url: 'http://localhost/other' }, { idempotencyKey: 'checkout-payment-1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('refuses a wrong key with 401 and an unknown id with 404 resource_missing, in Stripe error shape', async () => {
    const wrong = stripeClient(local.url, 'sk_test_wrong_key_1234');
    await expect(wrong.prices.list({ lookup_keys: ['x'] })).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_missing'",
    });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_nope', quantity: 1 }], success_url: 'http://localhost/ok' }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'line_items[0][price]' });
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: (await proPrice()).id, quantity: 1 }] } as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'success_url' });
  });
});

describe('local Stripe: hosted checkout page and webhooks', () => {
  it('declines a card ending 0002 and stays on the page, with nothing created', async () => {
    const session = await openSession();
    const declined = await payOnHostedPage(session.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(declined.html).toContain('>Pay</button>');
    const invalid = await payOnHostedPage(session.url!, '1234');
    expect(invalid.html).toContain('Your card number is invalid.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(Object.keys(local.state().subscriptions)).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });

  it('pays: customer, active subscription, paid invoice, three signed webhooks, redirect to success_url', async () => {
    const session = await openSession();
    const paid = await payOnHostedPage(session.url!, '4242424242424242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://localhost:3000/settings?session_id=${session.id}&success=true&gateway=stripe`);

    const received = await events(3);
    expect(received.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    for (const event of received) expect(event).toMatchObject({ object: 'event', api_version: Stripe.API_VERSION, livemode: false });
    expect(received[0]!.id).toMatch(/^evt_/);

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'customer'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, customer: { object: 'customer', email: 'ada@example.com' } });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { user_id: 'user-1', package_id: 'pro' } });
    expect(subscription.id).toMatch(/^sub_/);
    const item = subscription.items.data[0]!;
    expect(item.price.lookup_key).toBe('upwatch_pro_monthly_usd');
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ object: 'invoice', status: 'paid', amount_paid: 1200, billing_reason: 'subscription_create', customer_email: 'ada@example.com' });
    expect(invoice.parent?.subscription_details).toMatchObject({ subscription: subscription.id, metadata: { user_id: 'user-1' } });
    expect(received[2]!.data.object).toMatchObject({ id: invoice.id, status: 'paid' });

    const again = await payOnHostedPage(session.url!, '4242424242424242');
    expect(again.html).toContain('already paid');
  });

  it('a yearly price gives a one-year period', async () => {
    const session = await openSession('year');
    await payOnHostedPage(session.url!, '4242424242424242');
    const subscription = await stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(session.id)).subscription as string);
    const item = subscription.items.data[0]!;
    expect(new Date(item.current_period_end * 1000).getUTCFullYear()).toBe(new Date(item.current_period_start * 1000).getUTCFullYear() + 1);
  });

  it('signs webhooks so that a tampered body or another secret fails the SDK verifier', async () => {
    const session = await openSession();
    await payOnHostedPage(session.url!, '4242424242424242');
    const [hook] = await receiver.waitFor(1);
    const header = String(hook!.headers['stripe-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(hook!.body.replace('"paid"', '"unpaid"'), header, local.webhookSecret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(hook!.body, header, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('retries a webhook the endpoint refused, keeping the order of one subscription', async () => {
    receiver.failNext(2);
    const session = await openSession();
    await payOnHostedPage(session.url!, '4242424242424242');
    const received = await events(3);
    expect(received.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(local.state().deliveries).toHaveLength(0);
  });

  it('expires a session on demand (checkout.sessions.expire) with checkout.session.expired', async () => {
    const session = await openSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const [event] = await events(1);
    expect(event).toMatchObject({ type: 'checkout.session.expired', data: { object: { id: session.id, status: 'expired' } } });
    expect((await fetch(`${local.url}/checkout/${session.id}`)).status).toBe(410);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('local Stripe: renewals, dunning, cancel and plan change (POST /_local/advance)', () => {
  it('a paid renewal moves to the next period with customer.subscription.updated and invoice.paid', async () => {
    const subscription = await paidSubscription();
    const before = subscription.items.data[0]!;
    const renewed = await advance(subscription.id, 'paid');
    const item = renewed.items.data[0]!;
    expect(item.current_period_start).toBe(before.current_period_end);
    expect(item.current_period_end).toBeGreaterThan(before.current_period_end + 27 * 86400);
    const received = await events(2);
    expect(received.map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    expect(received[1]!.data.object).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 1200 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('failed renewals go past_due, are retried 3 times over 7 days, and the 4th failure ends the subscription', async () => {
    const subscription = await paidSubscription();
    const periodEnd = subscription.items.data[0]!.current_period_end;
    expect((await advance(subscription.id, 'failed')).status).toBe('past_due');
    let received = await events(2);
    expect(received.map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    const invoice = received[1]!.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: periodEnd + 2 * 86400 });

    for (const attempt of [2, 3]) {
      expect((await advance(subscription.id, 'failed')).status).toBe('past_due');
      received = await events(2 + attempt - 1);
      expect(received.at(-1)).toMatchObject({ type: 'invoice.payment_failed', data: { object: { id: invoice.id, attempt_count: attempt } } });
    }
    const ended = await advance(subscription.id, 'failed');
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd + 7 * 86400 });
    received = await events(6);
    expect(received.slice(4).map((event) => event.type)).toEqual(['invoice.payment_failed', 'customer.subscription.deleted']);
    expect(received[4]!.data.object).toMatchObject({ attempt_count: 4, next_payment_attempt: null });
    const advanceEnded = await fetch(`${local.url}/_local/advance`, { method: 'POST', body: JSON.stringify({ subscription_id: subscription.id, outcome: 'paid' }) });
    expect(advanceEnded.status).toBe(400);
  });

  it('a retry that pays brings a past_due subscription back to active', async () => {
    const subscription = await paidSubscription();
    await advance(subscription.id, 'failed');
    const recovered = await advance(subscription.id, 'paid');
    expect(recovered.status).toBe('active');
    const received = await events(4);
    expect(received.slice(2).map((event) => event.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
  });

  it('cancel_at_period_end ends the subscription at its period end, not before', async () => {
    const subscription = await paidSubscription();
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: subscription.items.data[0]!.current_period_end });
    const [event] = await events(1);
    expect(event).toMatchObject({ type: 'customer.subscription.updated', data: { previous_attributes: { cancel_at_period_end: false } } });
    const ended = await advance(subscription.id, 'paid');
    expect(ended).toMatchObject({ status: 'canceled', ended_at: subscription.items.data[0]!.current_period_end });
    expect((await events(2))[1]!.type).toBe('customer.subscription.deleted');
  });

  it('a price change with proration_behavior none is billed from the next renewal', async () => {
    const subscription = await paidSubscription();
    const cheaper = await stripe.prices.create({ lookup_key: 'upwatch_starter_monthly_usd', currency: 'usd', unit_amount: 500, recurring: { interval: 'month' }, product_data: { name: 'Cheaper' } });
    const item = subscription.items.data[0]!;
    const updated = await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: cheaper.id }], proration_behavior: 'none' });
    expect(updated.items.data[0]!.price.id).toBe(cheaper.id);
    expect(updated.items.data[0]!.current_period_end).toBe(item.current_period_end);
    await advance(subscription.id, 'paid');
    const received = await events(3);
    expect(received[2]).toMatchObject({ type: 'invoice.paid', data: { object: { amount_paid: 500 } } });
  });
});

describe("local Stripe: the customer portal (billingPortal.sessions)", () => {
  /** Posts the portal page's card form as a browser would. */
  const saveCardOnPortal = async (portalUrl: string, cardNumber: string, expiry = '11 / 33') => {
    const response = await fetch(portalUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: cardNumber, card_expiry: expiry, card_cvc: '123' }),
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  };

  it('answers billingPortal.sessions.create in Stripe\'s shape, with the portal page as its url', async () => {
    const subscription = await paidSubscription();
    const session = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string, return_url: 'http://localhost:3000/settings?section=subscription' });
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: subscription.customer,
      return_url: 'http://localhost:3000/settings?section=subscription',
      livemode: false,
      flow: null,
      locale: null,
      on_behalf_of: null,
    });
    expect(session.id).toMatch(/^bps_/);
    expect(session.configuration).toMatch(/^bpc_/);
    expect(session.url).toBe(`${local.url}/p/session/${session.id}`);

    const error = await stripe.billingPortal.sessions.create({ customer: 'cus_nobody' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeError).code).toBe('resource_missing');
    expect((error as Stripe.errors.StripeError).param).toBe('customer');
  });

  it('shows the card paid with, saves a new one as the default of the customer and the subscription, and sends the events', async () => {
    const subscription = await paidSubscription();
    const customerId = subscription.customer as string;
    const firstCard = await stripe.paymentMethods.retrieve(subscription.default_payment_method as string);
    expect(firstCard.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: 'http://localhost:3000/settings?section=subscription' });

    const page = await (await fetch(session.url)).text();
    expect(page).toContain('Visa •••• 4242, expires 12/2034');
    expect(page).toContain('<a href="http://localhost:3000/settings?section=subscription">← Return to Upwatch</a>');
    expect(page).toContain('Invoice history');

    // A declined card changes nothing and sends nothing.
    const declined = await saveCardOnPortal(session.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect((await stripe.customers.retrieve(customerId)) as Stripe.Customer).toMatchObject({ invoice_settings: { default_payment_method: null } });

    const saved = await saveCardOnPortal(session.url, '5555 5555 5555 4444');
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/p/session/${session.id}?updated=1`);
    const customer = (await stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] })) as Stripe.Customer;
    const card = customer.invoice_settings.default_payment_method as Stripe.PaymentMethod;
    expect(card.card).toMatchObject({ brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2033 });
    expect(card.customer).toBe(customerId);
    expect((await stripe.subscriptions.retrieve(subscription.id)).default_payment_method).toBe(card.id);
    expect(await (await fetch(`${session.url}?updated=1`)).text()).toContain('Mastercard •••• 4444, expires 11/2033');

    const sent = await events(3);
    expect(sent.map((event) => event.type).sort()).toEqual(['customer.subscription.updated', 'customer.updated', 'payment_method.attached']);
    const updated = sent.find((event) => event.type === 'customer.updated')!;
    expect(updated.data.previous_attributes).toMatchObject({ invoice_settings: { default_payment_method: null } });
    const subscriptionUpdated = sent.find((event) => event.type === 'customer.subscription.updated')!;
    expect(subscriptionUpdated.data.previous_attributes).toEqual({ default_payment_method: firstCard.id });
  });
});
