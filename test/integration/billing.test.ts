import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { api, baseUrl, mailsTo, PASSWORD, signedInUser } from './helpers/api.js';
import { getMonitorItem, listIncidentItems, startTargetSite, waitFor } from './helpers/pipeline.js';
import { razorpayClient, stripeClient } from './helpers/payment-providers.js';

/**
 * Billing (docs/billing.md) end to end against the local cloud and the local providers, through the real SDKs:
 * card and UPI checkouts, forged webhooks, replays, downgrade, cancel, dunning and the period-end job.
 */
let stripe: Stripe;
let providers: ReturnType<typeof inject<'paymentProviders'>>;

beforeAll(() => {
  Object.assign(process.env, inject('cloudEnv'));
  providers = inject('paymentProviders');
  stripe = stripeClient(providers.stripe.apiUrl, providers.stripe.secretKey);
});

type User = Awaited<ReturnType<typeof signedInUser>>;

const me = async (user: User) => (await api<{ id: string; subscription_tier: string; subscription_ends_at: string | null }>('/api/auth/me', { token: user.token })).body;

const waitForTier = (user: User, tier: string) =>
  waitFor(`tier ${tier}`, async () => ((await me(user)).subscription_tier === tier ? true : undefined), 20_000);

const startCardCheckout = async (user: User, packageId = 'pro') => {
  const started = await api<{ url: string; session_id: string }>('/api/payments/checkout/session', {
    method: 'POST',
    token: user.token,
    body: { package_id: packageId, payment_gateway: 'stripe', currency: 'usd', origin_url: baseUrl() },
  });
  expect(started.status).toBe(200);
  return started.body;
};

const payOnHostedPage = async (sessionUrl: string, cardNumber = '4242 4242 4242 4242') => {
  const response = await fetch(sessionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber, card_expiry: '12 / 34', card_cvc: '123' }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
};

const advance = async (apiUrl: string, subscriptionId: string, outcome: 'paid' | 'failed') => {
  const response = await fetch(`${apiUrl}/_local/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription_id: subscriptionId, outcome }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

const proByCard = async (label: string) => {
  const user = await signedInUser(label);
  const session = await startCardCheckout(user);
  expect((await payOnHostedPage(session.url)).status).toBe(303);
  await waitForTier(user, 'pro');
  const paid = await stripe.checkout.sessions.retrieve(session.session_id);
  return { user, session, subscriptionId: paid.subscription as string };
};

/** Whether the local Stripe still has webhooks of the subscription to deliver (each is removed once our handler answered it). */
const stripeWebhooksPending = async (subscriptionId: string): Promise<boolean> => {
  const response = await fetch(`${providers.stripe.apiUrl}/_local/webhooks.json`);
  const pending = (await response.json()) as { subscription_id: string }[];
  return pending.some((delivery) => delivery.subscription_id === subscriptionId);
};

const history = async (user: User) =>
  (await api<{ payments: { payment_status: string; amount: number; currency: string; receipt: { emailed: boolean } }[] }>('/api/payments/history', { token: user.token })).body.payments;

const signedStripe = (payload: string, secret = providers.stripe.webhookSecret, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

const postStripe = (payload: string, signature: string) =>
  api('/api/payments/webhooks/stripe', { method: 'POST', rawBody: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

describe('billing: card checkout', () => {
  it('buys Pro by card: pending record, the webhook upgrades, status paid, one receipt, history', async () => {
    const { user, session } = await proByCard('card');
    const status = await api<{ payment_status: string; gateway_status: string }>(
      `/api/payments/checkout/status/${session.session_id}?gateway=stripe`,
      { token: user.token },
    );
    expect(status.body.payment_status).toBe('paid');
    expect((await me(user)).subscription_ends_at).not.toBeNull();
    await waitFor('the receipt', async () => ((await mailsTo(user.email)).some((mail) => mail.subject.startsWith('Upwatch receipt')) ? true : undefined));
    const payments = await history(user);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ payment_status: 'completed', amount: 1900, currency: 'usd' });

    // Only upgrades are sold; origins are the app's; another user's checkout is 404.
    const again = await api('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'pro', payment_gateway: 'stripe', currency: 'usd', origin_url: baseUrl() },
    });
    expect(again.status).toBe(409);
    const other = await signedInUser('other');
    const badOrigin = await api('/api/payments/checkout/session', {
      method: 'POST',
      token: other.token,
      body: { package_id: 'pro', payment_gateway: 'stripe', currency: 'usd', origin_url: 'https://evil.example' },
    });
    expect(badOrigin.status).toBe(400);
    expect((await api(`/api/payments/checkout/status/${session.session_id}?gateway=stripe`, { token: other.token })).status).toBe(404);
  });

  it('refuses a tampered body, a wrong secret and a stale timestamp with 400, changing nothing', async () => {
    const user = await signedInUser('forged');
    const { id } = await me(user);
    const forged = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_forged', object: 'subscription', metadata: { user_id: id } } },
    });
    const tampered = await postStripe(forged.replace('sub_forged', 'sub_forgee'), signedStripe(forged));
    const wrongSecret = await postStripe(forged, signedStripe(forged, 'whsec_not_ours'));
    const stale = await postStripe(forged, signedStripe(forged, providers.stripe.webhookSecret, Math.floor(Date.now() / 1000) - 301));
    for (const response of [tampered, wrongSecret, stale]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ detail: expect.stringMatching(/^Invalid webhook/) });
    }
    expect((await me(user)).subscription_tier).toBe('free');

    // Razorpay: the HMAC of the raw body with the webhook secret, checked by Razorpay's own verifier.
    const { createHmac } = await import('node:crypto');
    const body = JSON.stringify({ entity: 'event', event: 'subscription.activated', payload: { subscription: { entity: { id: 'sub_forged', notes: { user_id: id } } } } });
    const sign = (text: string, secret: string) => createHmac('sha256', secret).update(text).digest('hex');
    const headers = (signature: string) => ({ 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_forged_rzp' });
    const wrong = await api('/api/payments/webhooks/razorpay', { method: 'POST', rawBody: body, headers: headers(sign(body, 'not-the-secret')) });
    const altered = await api('/api/payments/webhooks/razorpay', { method: 'POST', rawBody: `${body} `, headers: headers(sign(body, providers.razorpay.webhookSecret)) });
    expect([wrong.status, altered.status]).toEqual([400, 400]);
    expect((await me(user)).subscription_tier).toBe('free');
  });

  it('applies 100 concurrent deliveries of one payment once: one upgrade, one record, one receipt', async () => {
    const user = await signedInUser('replay');
    const session = await startCardCheckout(user);
    await payOnHostedPage(session.url);
    const paid = await stripe.checkout.sessions.retrieve(session.session_id);
    const subscription = await stripe.subscriptions.retrieve(paid.subscription as string);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    const payload = JSON.stringify({ id: 'evt_replay_' + subscription.id, object: 'event', type: 'invoice.paid', data: { object: invoice } });
    const responses = await Promise.all(Array.from({ length: 100 }, () => postStripe(payload, signedStripe(payload))));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    await waitForTier(user, 'pro');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await history(user)).toHaveLength(1);
    expect((await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Upwatch receipt'))).toHaveLength(1);
  });
});

describe('billing: receipts and the card portal', () => {
  it("serves a completed payment's receipt to its owner only, as an HTML file with our number", async () => {
    const { user } = await proByCard('receipt');
    // The tier can change a moment before the payment record completes (their webhooks are handled apart).
    const payment = await waitFor('the payment completed', async () => {
      const [found] = (await api<{ payments: { id: string; payment_status: string }[] }>('/api/payments/history', { token: user.token })).body.payments;
      return found?.payment_status === 'completed' ? found : undefined;
    });
    const receipt = await api<string>(`/api/payments/${payment!.id}/receipt`, { token: user.token });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(receipt.headers.get('content-disposition')).toBe(`attachment; filename="upwatch-receipt-UPW-${payment!.id}.html"`);
    expect(receipt.body).toContain(`UPW-${payment!.id}`);
    expect(receipt.body).toContain('$19.00');
    expect(receipt.body).toContain(user.email);
    expect(receipt.body).toContain('Card (Stripe)');
    expect(receipt.body).toContain('not a tax invoice');
    // The receipt mail carries the same number.
    await waitFor('the receipt mail', async () => {
      const mail = (await mailsTo(user.email)).find((found) => found.subject.startsWith('Upwatch receipt'));
      return mail ? expect(mail.body.html ?? mail.body.text).toContain(`UPW-${payment!.id}`) : undefined;
    });

    // Another user's receipt, an unknown id and a payment that took no money are all 404.
    const other = await signedInUser('receipt-other');
    expect((await api(`/api/payments/${payment!.id}/receipt`, { token: other.token })).status).toBe(404);
    expect((await api('/api/payments/01JUNKNOWNPAYMENT0000000000/receipt', { token: user.token })).status).toBe(404);
    const started = await startCardCheckout(other);
    const pending = (await api<{ payments: { id: string }[] }>('/api/payments/history', { token: other.token })).body.payments[0]!;
    expect(started.session_id).toBeTruthy();
    const refused = await api<{ detail: string }>(`/api/payments/${pending.id}/receipt`, { token: other.token });
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe('Receipt not found');
    expect((await api(`/api/payments/${payment!.id}/receipt`)).status).toBe(401);
  });

  it("opens Stripe's customer portal for a card subscriber, and refuses one with no card to change", async () => {
    const { user, subscriptionId } = await proByCard('portal');
    const portal = await api<{ url: string }>('/api/payments/card-portal', { method: 'POST', token: user.token });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${providers.stripe.apiUrl}/p/session/bps_`));
    // The portal is the subscription's own customer's, and leads back to Settings > Subscription.
    const page = await (await fetch(portal.body.url)).text();
    expect(page).toContain(user.email);
    expect(page).toContain(`href="${baseUrl()}/settings?section=subscription"`);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] });
    expect((subscription.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');

    const free = await signedInUser('portal-free');
    const refused = await api<{ detail: string }>('/api/payments/card-portal', { method: 'POST', token: free.token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Only a plan paid by card has a card to change. UPI payments are managed in your UPI app.');
  });
});

describe('billing: a checkout the user gives up on', () => {
  it('ends a card checkout cancelled on the hosted page at once: session expired, record cancelled, nothing else', async () => {
    const user = await signedInUser('gave-up');
    const session = await startCardCheckout(user);
    // The Cancel link of the hosted page carries our payment id back to Settings.
    const { cancel_url } = await stripe.checkout.sessions.retrieve(session.session_id);
    const paymentId = new URL(cancel_url!).searchParams.get('payment_id');
    expect(new URL(cancel_url!).searchParams.get('cancelled')).toBe('true');
    expect(paymentId).toMatch(/^[0-9A-Z]{26}$/);
    expect((await history(user))[0]).toMatchObject({ payment_status: 'pending' });

    const other = await signedInUser('gave-up-other');
    const foreign = await api('/api/payments/checkout/cancel', { method: 'POST', token: other.token, body: { payment_id: paymentId } });
    expect(foreign.status).toBe(404);
    const malformed = await api<{ detail: string }>('/api/payments/checkout/cancel', { method: 'POST', token: user.token, body: { payment_id: 'cs_nope' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBeTruthy();

    const cancelled = await api<{ payment_status: string; gateway_status: string }>('/api/payments/checkout/cancel', {
      method: 'POST',
      token: user.token,
      body: { payment_id: paymentId },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ payment_status: 'unpaid', gateway_status: 'expired' });
    expect((await stripe.checkout.sessions.retrieve(session.session_id)).status).toBe('expired');
    expect((await history(user))[0]).toMatchObject({ payment_status: 'cancelled' });
    // The status call says so too (the settings page's failure text), and a second cancel changes nothing.
    const status = await api<{ payment_status: string; gateway_status: string }>(`/api/payments/checkout/status/${session.session_id}?gateway=stripe`, { token: user.token });
    expect(status.body).toEqual({ payment_status: 'unpaid', gateway_status: 'expired' });
    const again = await api('/api/payments/checkout/cancel', { method: 'POST', token: user.token, body: { payment_id: paymentId } });
    expect(again.status).toBe(200);
    // The hosted page of an expired session no longer takes a card.
    expect((await payOnHostedPage(session.url)).status).not.toBe(303);
    expect((await me(user)).subscription_tier).toBe('free');
  });

  it('leaves a paid checkout alone when its cancel comes late', async () => {
    const user = await signedInUser('late-cancel');
    const session = await startCardCheckout(user);
    expect((await payOnHostedPage(session.url)).status).toBe(303);
    const { cancel_url } = await stripe.checkout.sessions.retrieve(session.session_id);
    const paymentId = new URL(cancel_url!).searchParams.get('payment_id');
    const late = await api<{ payment_status: string }>('/api/payments/checkout/cancel', { method: 'POST', token: user.token, body: { payment_id: paymentId } });
    expect(late.status).toBe(200);
    expect(['paid', 'pending']).toContain(late.body.payment_status);
    await waitForTier(user, 'pro');
    await waitFor('the payment completed', async () => ((await history(user))[0]?.payment_status === 'completed' ? true : undefined));
  });

  it('cancels the unpaid Razorpay subscription of a closed UPI popup', async () => {
    const user = await signedInUser('upi-closed');
    const started = await api<{ subscription_id: string; payment_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'pro', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    const closed = await api<{ payment_status: string; gateway_status: string }>('/api/payments/checkout/cancel', {
      method: 'POST',
      token: user.token,
      body: { payment_id: started.body.payment_id },
    });
    expect(closed.body).toEqual({ payment_status: 'unpaid', gateway_status: 'cancelled' });
    expect((await history(user))[0]).toMatchObject({ payment_status: 'cancelled' });
    expect((await me(user)).subscription_tier).toBe('free');
  });
});

describe('billing: downgrade, cancel, renewals', () => {
  it('downgrades Pro to Free at period end: the newest monitors are disabled and leave the schedule', async () => {
    const { user, subscriptionId } = await proByCard('downgrade');
    const { id: userId } = await me(user);
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const created = await api<{ id: string }>('/api/monitors', { method: 'POST', token: user.token, body: { name, url: 'https://example.com', check_interval: 300, timeout: 30 } });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const scheduled = await api<{ immediate: boolean; effective_date: string; impact: { monitors_disabled: number } }>('/api/subscription/downgrade', {
      method: 'POST',
      token: user.token,
      body: { target_tier: 'free', reason: 'Too expensive', immediate: false },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ immediate: false, impact: { monitors_disabled: 2 } });
    expect((await me(user)).subscription_tier).toBe('pro');
    const refused = await api('/api/subscription/downgrade', { method: 'POST', token: user.token, body: { target_tier: 'business', reason: null, immediate: false } });
    expect(refused.status).toBe(400);

    await advance(providers.stripe.apiUrl, subscriptionId, 'paid');
    await waitForTier(user, 'free');
    // The tier and the disabling are two writes (apply-plan.ts): the list may be read between them.
    const byId = await waitFor('the newest monitors disabled', async () => {
      const list = await api<{ monitors: { id: string; status: string }[] }>('/api/monitors', { token: user.token });
      const statuses = Object.fromEntries(list.body.monitors.map((monitor) => [monitor.id, monitor.status]));
      return Object.values(statuses).filter((status) => status === 'disabled').length === 2 ? statuses : undefined;
    });
    expect(byId).toEqual({ [ids[0]!]: 'active', [ids[1]!]: 'disabled', [ids[2]!]: 'disabled' });
    for (const id of ids.slice(1)) {
      const item = await getMonitorItem(userId, id);
      expect(String(item?.GSI2PK ?? '')).not.toMatch(/^DUE#/);
    }
    const limits = await api<{ usage: { monitors: number } }>('/api/subscription/limits', { token: user.token });
    expect(limits.body.usage.monitors).toBe(1);
    const resume = await api(`/api/monitors/${ids[2]}`, { method: 'PUT', token: user.token, body: { status: 'active' } });
    expect(resume.status).toBe(403);
    await waitFor('the plan mail', async () => ((await mailsTo(user.email)).some((mail) => mail.subject.includes('Free plan now')) ? true : undefined));
  });

  it("downgrades Business to Free: a 1-minute monitor moves to Free's 5-minute floor, in the schedule too, and the user is told which", async () => {
    const user = await signedInUser('interval-floor');
    const session = await startCardCheckout(user, 'business');
    expect((await payOnHostedPage(session.url)).status).toBe(303);
    await waitForTier(user, 'business');
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.session_id)).subscription as string;
    const { id: userId } = await me(user);
    const created = await api<{ id: string }>('/api/monitors', { method: 'POST', token: user.token, body: { name: 'Fast shop', url: 'https://example.com', check_interval: 60, timeout: 30 } });
    expect(created.status).toBe(201);
    const monitorId = created.body.id;
    expect(String((await getMonitorItem(userId, monitorId))?.GSI2PK)).toMatch(/^DUE#\d+#60$/);

    const downgrade = await api('/api/subscription/downgrade', { method: 'POST', token: user.token, body: { target_tier: 'free', reason: null, immediate: false } });
    expect(downgrade.status).toBe(200);
    await advance(providers.stripe.apiUrl, subscriptionId, 'paid');
    await waitForTier(user, 'free');

    // docs/billing.md "Downgrades": the floor of the new plan, and the dispatcher finds it under the new interval.
    const view = await waitFor('the monitor at the free floor', async () => {
      const got = await api<{ monitor: { check_interval: number; plan_interval_change?: { from: number; to: number; at: string } } }>(`/api/monitors/${monitorId}`, { token: user.token });
      return got.body.monitor.check_interval === 300 ? got.body.monitor : undefined;
    });
    expect(view.plan_interval_change).toMatchObject({ from: 60, to: 300 });
    const item = await getMonitorItem(userId, monitorId);
    expect(String(item?.GSI2PK)).toMatch(/^DUE#\d+#300$/);
    expect(Number(item?.phase)).toBeLessThan(300);
    const mail = await waitFor('the plan mail', async () => (await mailsTo(user.email)).find((sent) => sent.subject.includes('Free plan now')));
    expect(mail.body.text).toContain('now checked every 5 minutes: Fast shop (was every minute)');
  });

  it('resolves the open incident of a monitor a downgrade disables; the monitor kept keeps its own', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 500 });
    try {
      const { user, subscriptionId } = await proByCard('incidents');
      const { id: userId } = await me(user);
      const ids: string[] = [];
      for (const name of ['Kept', 'Disabled']) {
        const created = await api<{ id: string }>('/api/monitors', { method: 'POST', token: user.token, body: { name, url: site.url(name), check_interval: 300, timeout: 30 } });
        expect(created.status).toBe(201);
        ids.push(created.body.id);
      }
      const openOf = async (monitorId: string) =>
        (await listIncidentItems(userId)).filter((item) => item.monitor_id === monitorId && item.status === 'open');
      // The first check of each monitor finds the site down and opens an incident.
      await waitFor('both incidents open', async () => ((await openOf(ids[0]!)).length && (await openOf(ids[1]!)).length ? true : undefined));
      const downgrade = await api('/api/subscription/downgrade', { method: 'POST', token: user.token, body: { target_tier: 'free', reason: null, immediate: false } });
      expect(downgrade.status).toBe(200);
      await advance(providers.stripe.apiUrl, subscriptionId, 'paid');
      await waitForTier(user, 'free');
      await waitFor('the disabled monitor\'s incident resolved', async () => ((await openOf(ids[1]!)).length === 0 ? true : undefined));
      const resolved = (await listIncidentItems(userId)).filter((item) => item.monitor_id === ids[1]);
      expect(resolved.every((item) => item.status === 'resolved' && typeof item.resolved_at === 'string')).toBe(true);
      expect(await openOf(ids[0]!)).toHaveLength(1);
      const open = await api<{ total: number; incidents: { monitor_name: string }[] }>('/api/incidents?status_filter=open', { token: user.token });
      expect(open.body.incidents.map((incident) => incident.monitor_name)).toEqual(['Kept']);
    } finally {
      await site.down();
    }
  });

  it('ends on Free after a failed renewal and its 3 retries: a mail for each retry to come, then only the move to Free', async () => {
    const { user, subscriptionId } = await proByCard('dunning');
    const failureMails = async () => (await mailsTo(user.email)).filter((mail) => mail.subject.includes('payment failed'));
    // Each failure handled before the next, as days apart at a real provider.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await advance(providers.stripe.apiUrl, subscriptionId, 'failed');
      await waitFor(`failure mail ${attempt}`, async () => ((await failureMails()).length >= attempt ? true : undefined));
    }
    expect((await me(user)).subscription_tier).toBe('pro');
    await advance(providers.stripe.apiUrl, subscriptionId, 'failed');
    await waitForTier(user, 'free');
    const planMail = await waitFor('the plan mail', async () => (await mailsTo(user.email)).find((mail) => mail.subject.includes('Free plan now')));
    expect(planMail.body.text).toContain('We could not renew your Pro subscription after 3 retries, so your account moved to the Free plan.');
    // The 4th attempt is recorded; its event (and the deletion's) handled, no failure mail follows the plan mail.
    await waitFor('the 4th failed payment recorded', async () =>
      (await history(user)).filter((payment) => payment.payment_status === 'failed').length === 4 ? true : undefined,
    );
    await waitFor('both webhooks of the 4th attempt handled', async () => ((await stripeWebhooksPending(subscriptionId)) ? undefined : true));
    const subjects = (await mailsTo(user.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.includes('payment failed'))).toHaveLength(3);
    expect(subjects.filter((subject) => subject.includes('Free plan now'))).toHaveLength(1);
    expect(subjects.at(-1)).toContain('Free plan now');
    expect((await failureMails()).every((mail) => !(mail.body.text ?? '').includes('This was the last attempt'))).toBe(true);
  });

  it('says the move to Free was for failed payments even when the failures are handled after the provider ended the subscription', async () => {
    const { user, subscriptionId } = await proByCard('dunning-late');
    // All four attempts before any of their webhooks is handled: every event reads the subscription ended.
    for (let attempt = 0; attempt < 4; attempt++) await advance(providers.stripe.apiUrl, subscriptionId, 'failed');
    await waitForTier(user, 'free');
    const planMail = await waitFor('the plan mail', async () => (await mailsTo(user.email)).find((mail) => mail.subject.includes('Free plan now')));
    expect(planMail.body.text).toContain('after 3 retries');
    await waitFor('the failed payments recorded', async () =>
      (await history(user)).filter((payment) => payment.payment_status === 'failed').length === 4 ? true : undefined,
    );
    await waitFor('the webhooks handled', async () => ((await stripeWebhooksPending(subscriptionId)) ? undefined : true));
    // No "we will try again" after the account already moved to Free.
    const subjects = (await mailsTo(user.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.includes('payment failed'))).toHaveLength(0);
  });

  it('schedules a downgrade once: the limits say which, the same one again is 409, another one is taken', async () => {
    const user = await signedInUser('downgrade-twice');
    const session = await startCardCheckout(user, 'business');
    expect((await payOnHostedPage(session.url)).status).toBe(303);
    await waitForTier(user, 'business');
    const downgrade = (target_tier: string) =>
      api<{ detail: string; effective_date: string }>('/api/subscription/downgrade', { method: 'POST', token: user.token, body: { target_tier, reason: 'User requested downgrade', immediate: false } });
    const scheduled = await downgrade('pro');
    expect(scheduled.status).toBe(200);
    const limits = async () => (await api<{ subscription: Record<string, unknown> | null }>('/api/subscription/limits', { token: user.token })).body.subscription;
    expect(await limits()).toMatchObject({ scheduled_tier: 'pro', cancel_at_period_end: false, current_period_end: scheduled.body.effective_date });
    const again = await downgrade('pro');
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/^Your downgrade to Pro is already scheduled for \w+ \d+, \d{4}\.$/);
    expect(await limits()).toMatchObject({ scheduled_tier: 'pro' });
    // A change of mind to a smaller plan is still taken (Free: cancelled at the period end).
    expect((await downgrade('free')).status).toBe(200);
    expect(await limits()).toMatchObject({ scheduled_tier: 'free', cancel_at_period_end: true });
    expect((await me(user)).subscription_tier).toBe('business');
  });

  it('cancels: the plan stays to the period end, then the period-end job moves the user to Free', async () => {
    const { user } = await proByCard('cancel');
    const cancelled = await api<{ immediate: boolean; effective_date: string }>('/api/subscription/cancel', {
      method: 'POST',
      token: user.token,
      body: { reason: null, immediate: false },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.immediate).toBe(false);
    expect((await me(user)).subscription_tier).toBe('pro');
    // Settings reads what is scheduled from the limits, and a second cancel is refused, not repeated.
    const limits = await api<{ subscription: Record<string, unknown> | null }>('/api/subscription/limits', { token: user.token });
    expect(limits.body.subscription).toMatchObject({
      gateway: 'stripe',
      cancel_at_period_end: true,
      scheduled_tier: 'free',
      current_period_end: cancelled.body.effective_date,
    });
    const again = await api<{ detail: string }>('/api/subscription/cancel', { method: 'POST', token: user.token, body: { reason: null, immediate: false } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/^Your subscription is already cancelled and ends on /);
    // Nor is a downgrade scheduled under a cancellation: the plan already ends on Free.
    const downgrade = await api<{ detail: string }>('/api/subscription/downgrade', { method: 'POST', token: user.token, body: { target_tier: 'free', reason: null, immediate: false } });
    expect(downgrade.status).toBe(409);
    expect(downgrade.body.detail).toMatch(/^Your subscription is already cancelled and ends on /);
    const { handler } = await import('../../functions/scheduled/billing-period-end.js');
    await handler({ scheduledTime: new Date().toISOString() });
    expect((await me(user)).subscription_tier).toBe('pro');
    await handler({ scheduledTime: new Date(new Date(cancelled.body.effective_date).getTime() + 60_000).toISOString() });
    expect((await me(user)).subscription_tier).toBe('free');
  });
});

describe('billing: account deletion', () => {
  it('cancels the live subscription at the provider and keeps the payment records for the operator', async () => {
    const { user, subscriptionId } = await proByCard('erased');
    const { id: userId } = await me(user);
    const deleted = await api('/api/auth/delete-account', { method: 'DELETE', token: user.token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    // No charge after deletion: the provider subscription is over, and its webhook changes nothing.
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const renew = await fetch(`${providers.stripe.apiUrl}/_local/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscription_id: subscriptionId, outcome: 'paid' }),
    });
    expect(renew.status).toBe(400);
    // The payment stays in the operator's list (no name or e-mail any more), the subscription does not.
    const { listPayments } = await import('../../functions/repositories/payment-list-repository.js');
    const { getSubscription } = await import('../../functions/repositories/subscription-repository.js');
    const all = await listPayments({ limit: 100 });
    expect(all.payments.filter((payment) => payment.user_id === userId)).toMatchObject([{ payment_status: 'completed', amount: 1900 }]);
    expect(await getSubscription(userId)).toBeNull();
    expect((await api('/api/auth/me', { token: user.token })).status).toBe(401);
    // The provider's cancellation webhook came while the account was being erased: it changed nothing,
    // so no "you are on the Free plan now" mail went to the deleted account (the local Stripe sends it
    // at the cancellation; a few seconds leave room for a late one).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await mailsTo(user.email)).map((mail) => mail.subject).filter((subject) => subject.includes('Free plan now'))).toEqual([]);
  });
});

describe('billing: UPI checkout', () => {
  it('buys Business by UPI through the Razorpay subscription', async () => {
    const user = await signedInUser('upi');
    const started = await api<{ subscription_id: string; key_id: string; amount: number }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'business', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ key_id: providers.razorpay.keyId, amount: 399900 });
    const pay = await fetch(`${providers.razorpay.apiUrl}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: providers.razorpay.keyId, subscription_id: started.body.subscription_id, outcome: 'success' }),
    });
    expect(pay.status).toBe(200);
    await waitForTier(user, 'business');
    // The settings page polls the status until the charge's webhook has been applied.
    await waitFor('status paid', async () => {
      const status = await api<{ payment_status: string }>(`/api/payments/checkout/status/${started.body.subscription_id}?gateway=razorpay`, { token: user.token });
      return status.body.payment_status === 'paid' ? true : undefined;
    });
    expect(await history(user)).toMatchObject([{ payment_status: 'completed', amount: 399900, currency: 'inr' }]);
  });

  it('completes a UPI purchase whose first try in the popup failed and whose second paid', async () => {
    const user = await signedInUser('upi-retry');
    const started = await api<{ subscription_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'pro', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    expect(started.status).toBe(200);
    const payOnce = (outcome: 'failure' | 'success') =>
      fetch(`${providers.razorpay.apiUrl}/v1/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key_id: providers.razorpay.keyId, subscription_id: started.body.subscription_id, outcome }),
      });
    expect((await payOnce('failure')).status).toBeLessThan(500);
    // The failed try is recorded before the user tries again (its webhook applied).
    await waitFor('the failed try recorded', async () => ((await history(user))[0]?.payment_status === 'failed' ? true : undefined));
    expect((await payOnce('success')).status).toBe(200);
    await waitForTier(user, 'pro');
    await waitFor('status paid', async () => {
      const status = await api<{ payment_status: string }>(`/api/payments/checkout/status/${started.body.subscription_id}?gateway=razorpay`, { token: user.token });
      return status.body.payment_status === 'paid' ? true : undefined;
    });
    expect((await history(user))[0]).toMatchObject({ payment_status: 'completed', amount: 159900, currency: 'inr' });
  });
});

describe('billing: resume and undo', () => {
  const subjects = async (user: User) => (await mailsTo(user.email)).map((mail) => mail.subject);
  const waitForMail = (user: User, subject: string) =>
    waitFor(`mail "${subject}"`, async () => ((await subjects(user)).includes(subject) ? true : undefined));
  const resume = (user: User) => api<{ tier: string; undone: string; message: string; detail: string }>('/api/subscription/resume', { method: 'POST', token: user.token });
  const limits = async (user: User) => (await api<{ subscription: Record<string, unknown> | null }>('/api/subscription/limits', { token: user.token })).body.subscription;

  it('resumes a cancelled card subscription at Stripe, mails each step, and refuses a second resume with 409', async () => {
    const { user, subscriptionId } = await proByCard('resume-card');
    const nothing = await resume(user);
    expect(nothing.status).toBe(409);
    expect(nothing.body.detail).toBe('Your Pro subscription is not cancelled and no downgrade is scheduled: there is nothing to resume.');
    expect((await api('/api/subscription/cancel', { method: 'POST', token: user.token, body: { reason: null, immediate: false } })).status).toBe(200);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(await limits(user)).toMatchObject({ cancel_at_period_end: true, resumable: true });
    await waitForMail(user, 'Upwatch: your Pro subscription is cancelled');

    const resumed = await resume(user);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ tier: 'pro', undone: 'cancellation', message: expect.stringMatching(/^Your Pro subscription is resumed\. It renews on /) });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false);
    expect(await limits(user)).toMatchObject({ cancel_at_period_end: false, scheduled_tier: null, resumable: false });
    await waitForMail(user, 'Upwatch: your Pro subscription continues');
    expect((await resume(user)).status).toBe(409);
    // It renews as before rather than ending on Free.
    await advance(providers.stripe.apiUrl, subscriptionId, 'paid');
    await waitFor('the renewal', async () => ((await history(user)).filter((payment) => payment.payment_status === 'completed').length === 2 ? true : undefined));
    expect((await me(user)).subscription_tier).toBe('pro');
  });

  it('undoes a scheduled card downgrade: the Business price is back on the Stripe item and the renewal keeps Business', async () => {
    const user = await signedInUser('keep-business');
    const session = await startCardCheckout(user, 'business');
    expect((await payOnHostedPage(session.url)).status).toBe(303);
    await waitForTier(user, 'business');
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.session_id)).subscription as string;
    const priceKey = async () => (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.price.lookup_key;
    expect((await api('/api/subscription/downgrade', { method: 'POST', token: user.token, body: { target_tier: 'pro', reason: null, immediate: false } })).status).toBe(200);
    expect(await priceKey()).toBe('upwatch_pro_monthly_usd');
    await waitForMail(user, 'Upwatch: your downgrade to Pro is scheduled');

    const kept = await resume(user);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ tier: 'business', undone: 'downgrade' });
    expect(await priceKey()).toBe('upwatch_business_monthly_usd');
    expect(await limits(user)).toMatchObject({ scheduled_tier: null, cancel_at_period_end: false });
    await advance(providers.stripe.apiUrl, subscriptionId, 'paid');
    await waitFor('the renewal at the Business price', async () =>
      (await history(user)).some((payment) => payment.payment_status === 'completed' && payment.amount === 4900) &&
      (await history(user)).filter((payment) => payment.payment_status === 'completed').length === 2
        ? true
        : undefined,
    );
    expect((await me(user)).subscription_tier).toBe('business');
  });

  it('holds a UPI cancellation in our record: resumable until Razorpay is told a day before the end, then 409', async () => {
    const rz = razorpayClient(providers.razorpay.apiUrl, providers.razorpay.keyId, providers.razorpay.keySecret);
    const user = await signedInUser('resume-upi');
    const started = await api<{ subscription_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'business', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    await fetch(`${providers.razorpay.apiUrl}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: providers.razorpay.keyId, subscription_id: started.body.subscription_id, outcome: 'success' }),
    });
    await waitForTier(user, 'business');
    const { id: userId } = await me(user);
    const { getSubscription } = await import('../../functions/repositories/subscription-repository.js');
    const cancel = () => api('/api/subscription/cancel', { method: 'POST', token: user.token, body: { reason: null, immediate: false } });

    // A scheduled plan change is Razorpay's, and is cancelled there.
    expect((await api('/api/subscription/downgrade', { method: 'POST', token: user.token, body: { target_tier: 'pro', reason: null, immediate: false } })).status).toBe(200);
    expect(await rz.subscriptions.fetch(started.body.subscription_id)).toMatchObject({ has_scheduled_changes: true });
    expect((await resume(user)).body).toMatchObject({ undone: 'downgrade' });
    expect(await rz.subscriptions.fetch(started.body.subscription_id)).toMatchObject({ has_scheduled_changes: false });

    // A cancellation is held: Razorpay is not told yet, so it can be taken back.
    expect((await cancel()).status).toBe(200);
    expect(await getSubscription(userId)).toMatchObject({ cancel_at_period_end: true, cancel_sent_to_provider: false });
    expect((await resume(user)).body).toMatchObject({ undone: 'cancellation' });
    expect(await getSubscription(userId)).toMatchObject({ cancel_at_period_end: false, scheduled_tier: null });

    // Cancelled again; a day before the period end the period-end job tells Razorpay, and from then on it stands.
    expect((await cancel()).status).toBe(200);
    const end = String((await getSubscription(userId))?.current_period_end);
    const { handOverHeldCancellations } = await import('../../functions/services/billing/cancel-handover.js');
    await handOverHeldCancellations(new Date(new Date(end).getTime() - 25 * 3_600_000));
    expect(await getSubscription(userId)).toMatchObject({ cancel_sent_to_provider: false });
    await handOverHeldCancellations(new Date(new Date(end).getTime() - 3_600_000));
    expect(await getSubscription(userId)).toMatchObject({ cancel_sent_to_provider: true });
    expect(await limits(user)).toMatchObject({ resumable: false });
    const refused = await resume(user);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/has already gone to Razorpay, which cannot take it back\./);
    // Razorpay ends it at the cycle end.
    expect(await advance(providers.razorpay.apiUrl, started.body.subscription_id, 'paid')).toMatchObject({ status: 'cancelled' });
    await waitForTier(user, 'free');
  });
});

describe('billing: checkouts given up on without a word', () => {
  it('open for 31 minutes at either provider, then the sweep records them Abandoned and ends them', async () => {
    const rz = razorpayClient(providers.razorpay.apiUrl, providers.razorpay.keyId, providers.razorpay.keySecret);
    const user = await signedInUser('closed-tab');
    const card = await startCardCheckout(user);
    const session = await stripe.checkout.sessions.retrieve(card.session_id);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(31 * 60 - 2);
    expect(session.expires_at - session.created).toBeLessThanOrEqual(31 * 60);
    const upi = await api<{ subscription_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'pro', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    const subscription = (await rz.subscriptions.fetch(upi.body.subscription_id)) as unknown as { expire_by: number; created_at: number };
    expect(subscription.expire_by - subscription.created_at).toBeGreaterThanOrEqual(31 * 60 - 2);
    expect((await history(user)).map((payment) => payment.payment_status)).toEqual(['pending', 'pending']);

    const { expireAbandonedCheckouts } = await import('../../functions/services/billing/expire-abandoned-checkouts.js');
    // Within the window (and its grace) nothing is touched.
    await expireAbandonedCheckouts(new Date(Date.now() + 30 * 60_000));
    expect((await history(user)).map((payment) => payment.payment_status)).toEqual(['pending', 'pending']);
    await expireAbandonedCheckouts(new Date(Date.now() + 40 * 60_000));
    expect((await history(user)).map((payment) => payment.payment_status)).toEqual(['cancelled', 'cancelled']);
    expect((await stripe.checkout.sessions.retrieve(card.session_id)).status).toBe('expired');
    expect(await rz.subscriptions.fetch(upi.body.subscription_id)).toMatchObject({ status: 'cancelled' });
    expect((await me(user)).subscription_tier).toBe('free');
  });

  it('records a checkout neither provider knows as Abandoned instead of failing every sweep', async () => {
    const user = await signedInUser('unknown-checkout');
    const { id: userId } = await me(user);
    const { createPayment } = await import('../../functions/repositories/payment-repository.js');
    // An hour old, past the window: the sweep lists pending payments by their ids' time (keys.ts 24b).
    const createdAt = Date.now() - 60 * 60_000;
    const created = new Date(createdAt).toISOString();
    for (const gateway of ['stripe', 'razorpay'] as const) {
      const id = ulid(createdAt);
      const ref = gateway === 'stripe' ? `cs_unknown_${id}` : `sub_unknown${id}`;
      const payment = {
        id,
        user_id: userId,
        package_id: 'pro',
        billing_period: 'monthly',
        amount: gateway === 'stripe' ? 1900 : 159_900,
        currency: gateway === 'stripe' ? 'usd' : 'inr',
        payment_gateway: gateway,
        payment_status: 'pending',
        gateway_status: 'open',
        gateway_ref: ref,
        gateway_subscription_id: null,
        kind: 'checkout',
        created_at: created,
        updated_at: created,
      } as const;
      expect(await createPayment(payment, [ref])).toBe('created');
    }
    const { expireAbandonedCheckouts } = await import('../../functions/services/billing/expire-abandoned-checkouts.js');
    const swept = await expireAbandonedCheckouts(new Date());
    expect(swept.failed).toBe(0);
    const rows = await history(user);
    expect(rows.map((payment) => payment.payment_status)).toEqual(['cancelled', 'cancelled']);
  });
});

describe('billing: switching the way of paying', () => {
  it('ends the card subscription at once when Business is bought by UPI, and mails that it ended', async () => {
    const { user, subscriptionId } = await proByCard('card-to-upi');
    const started = await api<{ subscription_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'business', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    await fetch(`${providers.razorpay.apiUrl}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: providers.razorpay.keyId, subscription_id: started.body.subscription_id, outcome: 'success' }),
    });
    await waitForTier(user, 'business');
    await waitFor('the card subscription cancelled', async () => ((await stripe.subscriptions.retrieve(subscriptionId)).status === 'canceled' ? true : undefined));
    const ended = await waitFor('the mail saying so', async () =>
      (await mailsTo(user.email)).find((mail) => mail.subject === 'Upwatch: your Pro subscription by card has ended'),
    );
    expect(ended.body.text).toContain('Your Business subscription by UPI is active now, so your Pro subscription by card was cancelled at once. It will not be charged again.');
  });
});

describe('billing: the unused part refunded on a switch', () => {
  type Row = { id: string; payment_status: string; amount: number; currency: string; gateway_status: string };
  const rows = async (user: User) => (await api<{ payments: Row[] }>('/api/payments/history', { token: user.token })).body.payments;
  const payByUpi = async (subscriptionId: string) =>
    fetch(`${providers.razorpay.apiUrl}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: providers.razorpay.keyId, subscription_id: subscriptionId, outcome: 'success' }),
    });
  const refundRow = (user: User) =>
    waitFor('the refund in the history', async () => (await rows(user)).find((row) => row.payment_status === 'refunded'), 20_000);

  it('card -> UPI: the unused part of Pro goes back to the card in USD, once, lowers revenue, and the mail and receipt say so', async () => {
    const { getPaymentStats } = await import('../../functions/repositories/payment-repository.js');
    const { getSubscription } = await import('../../functions/repositories/subscription-repository.js');
    const { refundReplacedSubscription } = await import('../../functions/services/billing/refund-replaced.js');
    const { user, subscriptionId } = await proByCard('refund-card-to-upi');
    // The card payment's own events applied first, as they are long before anyone switches.
    await waitFor('the card webhooks delivered', async () => ((await stripeWebhooksPending(subscriptionId)) ? undefined : true));
    const { id: userId } = await me(user);
    const old = await getSubscription(userId);
    const usdBefore = (await getPaymentStats()).revenue.usd;
    // Before paying, the form is told what a checkout would refund (GET /api/subscription/limits).
    const preview = (await api<{ subscription: { unused_refund: { amount: number; currency: string; days: number } } }>('/api/subscription/limits', { token: user.token })).body;
    expect(preview.subscription.unused_refund).toMatchObject({ currency: 'usd', days: expect.any(Number) });
    expect(preview.subscription.unused_refund.amount).toBeGreaterThan(1890);
    expect(preview.subscription.unused_refund.days).toBeGreaterThanOrEqual(28);

    const started = await api<{ subscription_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'business', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    await payByUpi(started.body.subscription_id);
    await waitForTier(user, 'business');
    const refund = await refundRow(user);
    // Switched seconds into a 1-month period: almost all of the $19.00, rounded down.
    expect(refund.currency).toBe('usd');
    expect(-refund.amount).toBeGreaterThan(1890);
    expect(-refund.amount).toBeLessThan(1900);
    const stripeRefund = await stripe.refunds.retrieve(/\((re_\w+)\)/.exec(refund.gateway_status)?.[1] ?? 'missing');
    expect(stripeRefund).toMatchObject({ amount: -refund.amount, currency: 'usd', status: 'succeeded' });
    expect((await getPaymentStats()).revenue.usd).toBe(usdBefore - stripeRefund.amount);
    // The local Stripe refunds no more than is left, in Stripe's words.
    await expect(stripe.refunds.create({ payment_intent: String(stripeRefund.payment_intent), amount: 1900 })).rejects.toThrow(
      /^Refund amount \(\$19\.00\) is greater than unrefunded amount on charge \(\$0\.\d\d\)$/,
    );

    const ended = await waitFor('the mail saying so', async () =>
      (await mailsTo(user.email)).find((mail) => mail.subject === 'Upwatch: your Pro subscription by card has ended'),
    );
    const dollars = `$${(stripeRefund.amount / 100).toFixed(2)}`;
    expect(ended.body.text).toContain(`The unused part of its period, ${dollars}, is refunded to your card.`);
    const receipt = await api<string>(`/api/payments/${refund.id}/receipt`, { token: user.token });
    expect(receipt.status).toBe(200);
    expect(String(receipt.body)).toContain('<h1>Refund</h1>');
    expect(String(receipt.body)).toContain(`Total refunded (USD)</td><td class="amount">${dollars}`);

    // A retried webhook (or any second call) refunds nothing more.
    expect(old).not.toBeNull();
    expect(await refundReplacedSubscription(old!, new Date())).toBeNull();
    expect((await rows(user)).filter((row) => row.payment_status === 'refunded')).toHaveLength(1);
  });

  it('UPI -> card: the unused part of Pro goes back to the UPI account in INR, through Razorpay', async () => {
    const rz = razorpayClient(providers.razorpay.apiUrl, providers.razorpay.keyId, providers.razorpay.keySecret);
    const { listUserPayments } = await import('../../functions/repositories/payment-repository.js');
    const user = await signedInUser('refund-upi-to-card');
    const upi = await api<{ subscription_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: 'pro', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    await payByUpi(upi.body.subscription_id);
    await waitForTier(user, 'pro');
    const card = await startCardCheckout(user, 'business');
    expect((await payOnHostedPage(card.url)).status).toBe(303);
    await waitForTier(user, 'business');
    const refund = await refundRow(user);
    expect(refund.currency).toBe('inr');
    const paid = (await rows(user)).find((row) => row.currency === 'inr' && row.payment_status === 'completed');
    expect(paid).toBeDefined();
    expect(-refund.amount).toBeGreaterThan(paid!.amount * 0.99);
    expect(-refund.amount).toBeLessThan(paid!.amount);
    const { id: userId } = await me(user);
    const stored = (await listUserPayments(userId)).find((payment) => payment.id === refund.id);
    const payment = (await rz.payments.fetch(String(stored?.charge_ref))) as unknown as { amount_refunded: number; refund_status: string };
    expect(payment).toMatchObject({ amount_refunded: -refund.amount, refund_status: 'partial' });
    await expect(rz.payments.refund(String(stored?.charge_ref), { amount: paid!.amount })).rejects.toMatchObject({
      error: { description: 'The refund amount provided is greater than amount captured' },
    });
    const ended = await waitFor('the mail saying so', async () =>
      (await mailsTo(user.email)).find((mail) => mail.subject === 'Upwatch: your Pro subscription by UPI has ended'),
    );
    expect(ended.body.text).toMatch(/The unused part of its period, ₹[\d,.]+, is refunded to your UPI account\./);
  });
});

describe('billing: whose Razorpay subscription it is comes from our records', () => {
  type Subscription = { id: string; plan_id: string; status: string; paid_count: number; current_end: number | null };
  const razorpay = () => razorpayClient(providers.razorpay.apiUrl, providers.razorpay.keyId, providers.razorpay.keySecret);

  const startUpiCheckout = async (user: User, packageId: string) => {
    const started = await api<{ subscription_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: user.token,
      body: { package_id: packageId, payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    expect(started.status).toBe(200);
    return started.body.subscription_id;
  };

  const payInPopup = async (subscriptionId: string, outcome: 'success' | 'failure') => {
    const paid = await fetch(`${providers.razorpay.apiUrl}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: providers.razorpay.keyId, subscription_id: subscriptionId, outcome }),
    });
    expect(paid.status).toBeLessThan(500);
  };

  /** A webhook signed with our secret, as Razorpay sends it, each with an event id of its own unless one is given. */
  const postRazorpay = (payload: Record<string, unknown>, eventId = `evt_${ulid()}`) => {
    const body = JSON.stringify(payload);
    return api<{ received: boolean; duplicate: boolean }>('/api/payments/webhooks/razorpay', {
      method: 'POST',
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', providers.razorpay.webhookSecret).update(body).digest('hex'),
        'x-razorpay-event-id': eventId,
      },
    });
  };

  it("does not move an account's plan for a subscription whose notes name it but our checkout never made", async () => {
    const victim = await signedInUser('notes-victim');
    const victimId = (await me(victim)).id;
    const payer = await signedInUser('notes-payer');
    // A checkout of the payer's own stores the Pro plan at Razorpay; the other subscription uses it.
    const own = (await razorpay().subscriptions.fetch(await startUpiCheckout(payer, 'pro'))) as unknown as Subscription;
    const foreign = (await razorpay().subscriptions.create({
      plan_id: own.plan_id,
      total_count: 12,
      notes: { user_id: victimId, payment_id: ulid(), tier: 'pro', period: 'monthly' },
    })) as unknown as Subscription;
    await payInPopup(foreign.id, 'success');
    const entity = (await razorpay().subscriptions.fetch(foreign.id)) as unknown as Subscription;
    expect(entity.status).toBe('active');

    const delivered = await postRazorpay({ event: 'subscription.activated', payload: { subscription: { entity } } });
    expect(delivered.status).toBe(200);
    expect((await me(victim)).subscription_tier).toBe('free');
    expect(await history(victim)).toEqual([]);
  });

  it("records no failed renewal for a subscription named only in a payment's notes", async () => {
    const user = await signedInUser('notes-renewal');
    const subscriptionId = await startUpiCheckout(user, 'pro');
    await payInPopup(subscriptionId, 'success');
    await waitForTier(user, 'pro');
    await waitFor('the charge recorded', async () => ((await history(user))[0]?.payment_status === 'completed' ? true : undefined));

    // A payment of someone else's, its notes naming this subscription; Razorpay lets the payer set notes.
    const payment = { id: `pay_${ulid().slice(0, 14)}`, amount: 159900, currency: 'INR', status: 'failed', error_description: 'Payment declined', notes: { subscription_id: subscriptionId } };
    const delivered = await postRazorpay({ event: 'payment.failed', payload: { payment: { entity: payment } } });
    expect(delivered.status).toBe(200);
    expect((await history(user)).map((row) => row.payment_status)).toEqual(['completed']);
    expect((await me(user)).subscription_tier).toBe('pro');
  });

  it('applies a replayed Razorpay event once: the same X-Razorpay-Event-Id again does nothing', async () => {
    const user = await signedInUser('replayed');
    const subscriptionId = await startUpiCheckout(user, 'pro');
    await payInPopup(subscriptionId, 'success');
    await waitFor('the charge recorded', async () => ((await history(user))[0]?.payment_status === 'completed' ? true : undefined));

    const payment = { id: `pay_${ulid().slice(0, 14)}`, amount: 159900, currency: 'INR', status: 'failed', subscription_id: subscriptionId, error_description: 'Payment declined' };
    const eventId = `evt_${ulid()}`;
    const first = await postRazorpay({ event: 'payment.failed', payload: { payment: { entity: payment } } }, eventId);
    expect(first.body).toEqual({ received: true, duplicate: false });
    const after = await history(user);
    expect(after.map((row) => row.payment_status)).toEqual(['failed', 'completed']);
    const mails = (await mailsTo(user.email)).length;

    const replay = await postRazorpay({ event: 'payment.failed', payload: { payment: { entity: payment } } }, eventId);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await history(user)).toEqual(after);
    expect(await mailsTo(user.email)).toHaveLength(mails);
  });
});
