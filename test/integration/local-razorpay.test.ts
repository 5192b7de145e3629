import { createHmac } from 'node:crypto';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRazorpayServer, type LocalRazorpay } from '../../infra/local/payment-providers/razorpay/razorpay-server.js';
import { FAST_RETRY, razorpayClient, startWebhookReceiver, type WebhookReceiver } from './helpers/payment-providers.js';

/**
 * The local Razorpay driven by the real `razorpay` SDK exactly as docs/billing.md lists the
 * product's calls; webhooks checked with `Razorpay.validateWebhookSignature`, the checkout
 * signature as Razorpay documents it. Each test runs its own server in process.
 */
let local: LocalRazorpay;
let receiver: WebhookReceiver;
let rz: Razorpay;

interface WebhookEvent {
  entity: 'event';
  event: string;
  contains: string[];
  payload: { subscription?: { entity: Record<string, unknown> }; payment?: { entity: Record<string, unknown> } };
  created_at: number;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  local = await startRazorpayServer({ port: 0, stateFile: null, webhookUrl: receiver.url, retry: FAST_RETRY, log: () => undefined });
  rz = razorpayClient(local.url, local.keyId, local.keySecret);
  return () => local.close();
});

const events = async (count: number): Promise<WebhookEvent[]> => {
  const hooks = await receiver.waitFor(count);
  return hooks.map((hook) => {
    expect(Razorpay.validateWebhookSignature(hook.body, String(hook.headers['x-razorpay-signature']), local.webhookSecret)).toBe(true);
    expect(hook.headers['x-razorpay-event-id']).toMatch(/^evt_\w{14}$/);
    return JSON.parse(hook.body) as WebhookEvent;
  });
};

const plan = (amount = 99_900, period: 'monthly' | 'yearly' = 'monthly', name = 'Upwatch Pro') =>
  rz.plans.create({ period, interval: 1, item: { name, amount, currency: 'INR' } });

const newSubscription = async (planId?: string) =>
  rz.subscriptions.create({ plan_id: planId ?? (await plan()).id, total_count: 120, customer_notify: 1, notes: { user_id: 'user-1', package_id: 'pro' } });

/** What the popup's buttons do (the browser test drives the buttons themselves). */
const checkout = async (subscriptionId: string, outcome: 'success' | 'failure') => {
  const response = await fetch(`${local.url}/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key_id: local.keyId, subscription_id: subscriptionId, outcome }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const activeSubscription = async (planId?: string) => {
  const subscription = await newSubscription(planId);
  await checkout(subscription.id, 'success');
  await events(3);
  receiver.received.length = 0;
  return rz.subscriptions.fetch(subscription.id);
};

const advance = async (subscriptionId: string, outcome: 'paid' | 'failed') => {
  const response = await fetch(`${local.url}/_local/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription_id: subscriptionId, outcome }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

describe('local Razorpay: API subset through the razorpay SDK', () => {
  it('creates a plan and a subscription in Razorpay shapes', async () => {
    const created = await plan();
    expect(created).toMatchObject({ entity: 'plan', period: 'monthly', interval: 1, item: { name: 'Upwatch Pro', amount: 99_900, currency: 'INR' } });
    expect(created.id).toMatch(/^plan_\w{14}$/);
    expect(await rz.plans.fetch(created.id)).toEqual(created);

    const subscription = await newSubscription(created.id);
    expect(subscription).toMatchObject({
      entity: 'subscription',
      plan_id: created.id,
      status: 'created',
      total_count: 120,
      paid_count: 0,
      remaining_count: 120,
      customer_notify: true,
      notes: { user_id: 'user-1', package_id: 'pro' },
      current_start: null,
      current_end: null,
    });
    expect(subscription.id).toMatch(/^sub_\w{14}$/);
    expect(await rz.subscriptions.fetch(subscription.id)).toEqual(subscription);
  });

  it('answers in Razorpay error shape: wrong key 401, unknown id 400, bad input 400 with field', async () => {
    const wrong = razorpayClient(local.url, local.keyId, 'not-the-secret');
    await expect(wrong.plans.all()).rejects.toMatchObject({ statusCode: 401, error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    await expect(rz.subscriptions.fetch('sub_00000000000000')).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
    });
    await expect(rz.plans.create({ period: 'monthly', interval: 1, item: { name: 'Cheap', amount: 50, currency: 'INR' } })).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', field: 'amount' },
    });
    await expect(rz.subscriptions.create({ plan_id: 'plan_missing', total_count: 1 })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('local Razorpay: checkout popup and webhooks', () => {
  it('serves checkout.js defining window.Razorpay, and the popup without inline script', async () => {
    const js = await fetch(local.checkoutUrl);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(await js.text()).toContain('window.Razorpay = Razorpay');
    const subscription = await newSubscription();
    const popup = await fetch(`${local.url}/v1/checkout/popup?key_id=${local.keyId}&subscription_id=${subscription.id}&parent_origin=http://localhost:3000`);
    const page = await popup.text();
    expect(page).toContain('Pay by UPI (success)');
    expect(page).toContain('Fail payment');
    expect(page).toContain('₹999.00');
    expect(page).not.toMatch(/<script>(?!<\/script>)/);
    expect(popup.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('UPI success authenticates, activates and charges, with the documented checkout signature', async () => {
    const subscription = await newSubscription();
    const paid = await checkout(subscription.id, 'success');
    expect(paid.status).toBe(200);
    const { razorpay_payment_id: paymentId, razorpay_subscription_id: subscriptionId, razorpay_signature: signature } = paid.body as Record<string, string>;
    expect(subscriptionId).toBe(subscription.id);
    expect(paymentId).toMatch(/^pay_\w{14}$/);
    expect(signature).toBe(createHmac('sha256', local.keySecret).update(`${paymentId}|${subscriptionId}`).digest('hex'));

    const received = await events(3);
    expect(received.map((event) => event.event)).toEqual(['subscription.authenticated', 'subscription.activated', 'subscription.charged']);
    expect(received[0]!.payload.subscription!.entity).toMatchObject({ status: 'authenticated' });
    expect(received[2]).toMatchObject({
      entity: 'event',
      contains: ['subscription', 'payment'],
      payload: { payment: { entity: { id: paymentId, entity: 'payment', amount: 99_900, currency: 'INR', status: 'captured', method: 'upi' } } },
    });

    const active = await rz.subscriptions.fetch(subscription.id);
    expect(active).toMatchObject({ status: 'active', paid_count: 1, remaining_count: 119, payment_method: 'upi' });
    const start = new Date(Number(active.current_start) * 1000);
    expect(new Date(Number(active.current_end) * 1000).getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect((await checkout(subscription.id, 'success')).status).toBe(400);
  });

  it('a failed UPI payment sends payment.failed and leaves the subscription to retry', async () => {
    const subscription = await newSubscription();
    const failed = await checkout(subscription.id, 'failure');
    expect(failed).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed' } } });
    const [event] = await events(1);
    expect(event).toMatchObject({ event: 'payment.failed', payload: { payment: { entity: { status: 'failed', notes: { user_id: 'user-1' } } } } });
    expect((await rz.subscriptions.fetch(subscription.id)).status).toBe('created');
  });

  it('retries a refused webhook and keeps one subscription\'s events in order', async () => {
    receiver.failNext(3);
    const subscription = await newSubscription();
    await checkout(subscription.id, 'success');
    expect((await events(3)).map((event) => event.event)).toEqual(['subscription.authenticated', 'subscription.activated', 'subscription.charged']);
  });
});

describe('local Razorpay: renewals, dunning, cancel and plan change (POST /_local/advance)', () => {
  it('a paid renewal charges the next cycle (subscription.charged)', async () => {
    const subscription = await activeSubscription();
    const renewed = await advance(subscription.id, 'paid');
    expect(renewed).toMatchObject({ status: 'active', paid_count: 2, current_start: subscription.current_end });
    const [event] = await events(1);
    expect(event).toMatchObject({ event: 'subscription.charged', payload: { payment: { entity: { status: 'captured', amount: 99_900 } } } });
  });

  it('failed renewals go pending, retry 3 times over 7 days, and the 4th failure halts it', async () => {
    const subscription = await activeSubscription();
    const cycleEnd = Number(subscription.current_end);
    expect(await advance(subscription.id, 'failed')).toMatchObject({ status: 'pending', charge_at: cycleEnd + 2 * 86400 });
    expect((await events(2)).map((event) => event.event)).toEqual(['payment.failed', 'subscription.pending']);
    await advance(subscription.id, 'failed');
    expect(await advance(subscription.id, 'failed')).toMatchObject({ status: 'pending', charge_at: cycleEnd + 7 * 86400 });
    expect(await advance(subscription.id, 'failed')).toMatchObject({ status: 'halted', charge_at: null });
    const received = await events(8);
    expect(received.slice(6).map((event) => event.event)).toEqual(['payment.failed', 'subscription.halted']);
  });

  it('a retry that pays makes a pending subscription active again', async () => {
    const subscription = await activeSubscription();
    await advance(subscription.id, 'failed');
    expect(await advance(subscription.id, 'paid')).toMatchObject({ status: 'active', paid_count: 2 });
    expect((await events(4)).slice(2).map((event) => event.event)).toEqual(['subscription.charged', 'subscription.activated']);
  });

  it('cancel at cycle end keeps it active until the cycle ends; cancel now ends it at once', async () => {
    const subscription = await activeSubscription();
    expect(await rz.subscriptions.cancel(subscription.id, true)).toMatchObject({ status: 'active' });
    expect(await advance(subscription.id, 'paid')).toMatchObject({ status: 'cancelled', ended_at: subscription.current_end });
    expect((await events(1))[0]!.event).toBe('subscription.cancelled');

    const other = await activeSubscription();
    expect(await rz.subscriptions.cancel(other.id, false)).toMatchObject({ status: 'cancelled' });
    expect((await events(1))[0]).toMatchObject({ event: 'subscription.cancelled', payload: { subscription: { entity: { id: other.id } } } });
    await expect(rz.subscriptions.cancel(other.id, false)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('a plan change scheduled at cycle end takes effect at the renewal', async () => {
    const cheaper = await plan(49_900, 'monthly', 'Upwatch Starter');
    const subscription = await activeSubscription();
    const updated = await rz.subscriptions.update(subscription.id, { plan_id: cheaper.id, schedule_change_at: 'cycle_end' });
    expect(updated).toMatchObject({ plan_id: subscription.plan_id, has_scheduled_changes: true, change_scheduled_at: subscription.current_end });
    await advance(subscription.id, 'paid');
    const received = await events(2);
    expect(received.map((event) => event.event)).toEqual(['subscription.updated', 'subscription.charged']);
    expect(received[1]).toMatchObject({ payload: { subscription: { entity: { plan_id: cheaper.id } }, payment: { entity: { amount: 49_900 } } } });
  });
});

describe('local Razorpay: what can be taken back, and checkouts never authorised', () => {
  it('cancels a scheduled plan change (cancel_scheduled_changes): the renewal stays on the plan paid for', async () => {
    const cheaper = await plan(49_900, 'monthly', 'Upwatch Starter');
    const subscription = await activeSubscription();
    await rz.subscriptions.update(subscription.id, { plan_id: cheaper.id, schedule_change_at: 'cycle_end' });
    expect(await rz.subscriptions.cancelScheduledChanges(subscription.id)).toMatchObject({ plan_id: subscription.plan_id, has_scheduled_changes: false });
    await advance(subscription.id, 'paid');
    const received = await events(1);
    expect(received[0]).toMatchObject({ event: 'subscription.charged', payload: { payment: { entity: { amount: 99_900 } } } });
  });

  it('expires a subscription not authorised by its expire_by (no webhook), and its popup no longer pays', async () => {
    const expireBy = Math.floor(Date.now() / 1000) + 2;
    const created = await rz.subscriptions.create({ plan_id: (await plan()).id, total_count: 12, customer_notify: 1, expire_by: expireBy });
    expect(created).toMatchObject({ status: 'created', expire_by: expireBy });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await rz.subscriptions.fetch(created.id)).toMatchObject({ status: 'expired' });
    expect((await checkout(created.id, 'success')).status).toBe(400);
    expect(receiver.received).toHaveLength(0);
  });
});
