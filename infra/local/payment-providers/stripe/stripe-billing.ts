import { newId, nowSeconds } from '../ids.js';
import type { JsonStore } from '../json-store.js';
import { MAX_PAYMENT_ATTEMPTS, nextAttemptAt, periodStart, type Interval } from '../periods.js';
import type { WebhookSender } from '../webhook-sender.js';
import { StripeApiError, missingResource } from './stripe-errors.js';
import { buildInvoice, buildSubscription, buildSubscriptionItem } from './stripe-billing-objects.js';
import { buildCustomer, buildEvent } from './stripe-objects.js';
import { buildCardPaymentMethod, parseExpiry } from './stripe-payment-methods.js';
import type { StripeCheckoutSession, StripeInvoice, StripePaymentMethod, StripeState, StripeSubscription, StripeSubscriptionItem } from './stripe-state.js';

/**
 * What happens inside the local Stripe besides answering API calls: a hosted checkout paid or
 * expired, and a subscription's renewal (paid, failed and retried, or ended at period end), each
 * followed by the webhook events Stripe sends for it, in order per subscription.
 */
export interface StripeBilling {
  paySession(sessionId: string, cardNumber: string, cardExpiry?: string): { ok: true; redirectTo: string } | { ok: false; message: string };
  /**
   * The customer portal's "Update payment method": a new card attached and made the default of the
   * customer and of their live subscriptions, with `payment_method.attached`, `customer.updated`
   * and `customer.subscription.updated` (docs/billing.md "Local Stripe").
   */
  saveCustomerCard(customerId: string, card: { number: string; expiry: string }): { ok: true; paymentMethod: StripePaymentMethod } | { ok: false; message: string };
  expireSession(sessionId: string): StripeCheckoutSession;
  expireDueSessions(): void;
  advance(subscriptionId: string, outcome: 'paid' | 'failed'): StripeSubscription;
  emitSubscriptionUpdated(subscription: StripeSubscription, previous: Record<string, unknown>): void;
  emitSubscriptionDeleted(subscription: StripeSubscription): void;
}

export const DECLINED_MESSAGE = 'Your card was declined.';
export const INVALID_NUMBER_MESSAGE = 'Your card number is invalid.';

/** A card number Stripe's form would accept: 12 to 19 digits passing the Luhn check. */
export const isValidCardNumber = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

export const createStripeBilling = (ctx: {
  store: JsonStore<StripeState>;
  sender: WebhookSender;
  apiVersion: string;
}): StripeBilling => {
  const { store } = ctx;
  const state = () => store.state;

  const emit = (type: string, object: unknown, key: string, previous?: Record<string, unknown>) => {
    const event = buildEvent({ type, object: structuredClone(object), apiVersion: ctx.apiVersion, ...(previous ? { previous } : {}) });
    state().events[event.id] = event;
    ctx.sender.send({ eventId: event.id, key, body: JSON.stringify(event, null, 2) });
  };

  const subscriptionOf = (id: string) => {
    const subscription = state().subscriptions[id];
    const clock = state().clocks[id];
    if (!subscription || !clock) throw missingResource('subscription', id);
    return { subscription, clock };
  };

  const firstItem = (subscription: StripeSubscription) => subscription.items.data[0] as StripeSubscriptionItem;

  const markPaid = (invoice: StripeInvoice, at: number) => {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = at;
    const intent = newId('pi', 24);
    state().paymentIntents ??= {};
    state().paymentIntents[intent] = {
      id: intent,
      object: 'payment_intent',
      amount: invoice.amount_paid,
      amount_received: invoice.amount_paid,
      currency: invoice.currency,
      customer: invoice.customer,
      latest_charge: newId('ch', 24),
      status: 'succeeded',
      created: at,
      invoice: invoice.id,
      amount_refunded: 0,
    };
  };

  const expireSession = (sessionId: string): StripeCheckoutSession => {
    const session = state().sessions[sessionId];
    if (!session) throw missingResource('checkout.session', sessionId, 'session');
    if (session.status !== 'open') {
      throw new StripeApiError(400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.', 'checkout_session_not_open');
    }
    session.status = 'expired';
    session.url = null;
    store.save();
    emit('checkout.session.expired', session, session.id);
    return session;
  };

  const endSubscription = (subscription: StripeSubscription, at: number, reason: string) => {
    subscription.status = 'canceled';
    subscription.ended_at = at;
    subscription.canceled_at ??= at;
    subscription.cancellation_details = { comment: null, feedback: null, reason };
  };

  const renew = (subscription: StripeSubscription, outcome: 'paid' | 'failed') => {
    const clock = state().clocks[subscription.id]!;
    const item = firstItem(subscription);
    const previous = { items: structuredClone(subscription.items), latest_invoice: subscription.latest_invoice, status: subscription.status };
    const periodEnd = item.current_period_end;
    clock.now = periodEnd;
    if (subscription.cancel_at_period_end) {
      endSubscription(subscription, periodEnd, 'cancellation_requested');
      store.save();
      emit('customer.subscription.deleted', subscription, subscription.id);
      return;
    }
    // A price change (docs/billing.md: a scheduled downgrade) is billed from this renewal on; a new
    // interval starts a new billing cycle anchored here.
    const interval = item.price.recurring.interval;
    if (clock.interval !== interval) {
      clock.interval = interval;
      clock.anchor = periodEnd;
      clock.cycle = 0;
    } else clock.cycle += 1;
    for (const each of subscription.items.data) {
      each.current_period_start = periodStart(clock.anchor, interval, clock.cycle);
      each.current_period_end = periodStart(clock.anchor, interval, clock.cycle + 1);
    }
    const customer = state().customers[subscription.customer];
    const invoice = buildInvoice({ subscription, customerEmail: customer?.email ?? null, reason: 'subscription_cycle', created: periodEnd });
    invoice.period_start = previous.items.data[0]!.current_period_start;
    invoice.period_end = periodEnd;
    state().invoices[invoice.id] = invoice;
    subscription.latest_invoice = invoice.id;
    if (outcome === 'paid') {
      markPaid(invoice, periodEnd);
      store.save();
      emit('customer.subscription.updated', subscription, subscription.id, previous);
      emit('invoice.paid', invoice, subscription.id);
      return;
    }
    invoice.attempt_count = 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = nextAttemptAt(periodEnd, 1);
    subscription.status = 'past_due';
    clock.openInvoice = invoice.id;
    clock.firstFailureAt = periodEnd;
    store.save();
    emit('customer.subscription.updated', subscription, subscription.id, previous);
    emit('invoice.payment_failed', invoice, subscription.id);
  };

  const retry = (subscription: StripeSubscription, outcome: 'paid' | 'failed') => {
    const clock = state().clocks[subscription.id]!;
    const invoice = state().invoices[clock.openInvoice ?? ''];
    if (!invoice || invoice.next_payment_attempt === null) throw new Error(`subscription ${subscription.id} is past due without an open invoice`);
    const at = invoice.next_payment_attempt;
    clock.now = at;
    if (outcome === 'paid') {
      markPaid(invoice, at);
      subscription.status = 'active';
      clock.openInvoice = null;
      clock.firstFailureAt = null;
      store.save();
      emit('invoice.paid', invoice, subscription.id);
      emit('customer.subscription.updated', subscription, subscription.id, { status: 'past_due' });
      return;
    }
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = invoice.attempt_count >= MAX_PAYMENT_ATTEMPTS ? null : nextAttemptAt(clock.firstFailureAt ?? at, invoice.attempt_count);
    if (invoice.next_payment_attempt === null) {
      endSubscription(subscription, at, 'payment_failed');
      clock.openInvoice = null;
    }
    store.save();
    emit('invoice.payment_failed', invoice, subscription.id);
    if (subscription.status === 'canceled') emit('customer.subscription.deleted', subscription, subscription.id);
  };

  /** The card a form sent, checked as Stripe's form would; `null` expiry: the checkout page's, not asked for. */
  const cardOf = (number: string, expiry: string | null, customer: string): { ok: true; card: StripePaymentMethod } | { ok: false; message: string } => {
    const digits = number.replace(/[\s-]/g, '');
    if (!isValidCardNumber(digits)) return { ok: false, message: INVALID_NUMBER_MESSAGE };
    // Stripe's test card 4000 0000 0000 0002 (any number ending 0002 here) is declined.
    if (digits.endsWith('0002')) return { ok: false, message: DECLINED_MESSAGE };
    const parsed = parseExpiry(expiry ?? '');
    if ('error' in parsed && expiry !== null) return { ok: false, message: parsed.error };
    // The hosted checkout page does not check the expiry; a card paid there without one is kept with December, three years on.
    const fallback = { month: 12, year: new Date().getUTCFullYear() + 3 };
    return { ok: true, card: buildCardPaymentMethod({ digits, customer, expiry: 'error' in parsed ? fallback : parsed, created: nowSeconds() }) };
  };

  return {
    saveCustomerCard(customerId, card) {
      const customer = state().customers[customerId];
      if (!customer) throw missingResource('customer', customerId);
      const saved = cardOf(card.number, card.expiry, customer.id);
      if (!saved.ok) return saved;
      const method = saved.card;
      state().paymentMethods[method.id] = method;
      const settings = customer.invoice_settings as Record<string, unknown>;
      customer.invoice_settings = { ...settings, default_payment_method: method.id };
      const live = Object.values(state().subscriptions).filter((subscription) => subscription.customer === customer.id && subscription.status !== 'canceled');
      const before = live.map((subscription) => subscription.default_payment_method ?? null);
      for (const subscription of live) subscription.default_payment_method = method.id;
      store.save();
      emit('payment_method.attached', method, customer.id);
      emit('customer.updated', customer, customer.id, { invoice_settings: settings });
      live.forEach((subscription, index) => emit('customer.subscription.updated', subscription, subscription.id, { default_payment_method: before[index] }));
      return { ok: true, paymentMethod: method };
    },

    paySession(sessionId, cardNumber, cardExpiry) {
      const session = state().sessions[sessionId];
      if (!session) throw missingResource('checkout.session', sessionId, 'session');
      if (session.status === 'open' && session.expires_at <= nowSeconds()) expireSession(sessionId);
      if (session.status !== 'open') return { ok: false, message: `This checkout session is ${session.status === 'complete' ? 'already paid' : 'expired'}.` };
      const extras = state().sessionExtras[session.id]!;
      const now = nowSeconds();
      const customer = buildCustomer(session.customer_email, now);
      const paidWith = cardOf(cardNumber, cardExpiry?.trim() ? cardExpiry : null, customer.id);
      if (!paidWith.ok) return paidWith;
      const card = paidWith.card;
      state().customers[customer.id] = customer;
      state().paymentMethods[card.id] = card;
      const subscriptionId = newId('sub', 24);
      const items = extras.lineItems.map((line) => {
        const price = state().prices[line.price]!;
        const interval = price.recurring.interval;
        return buildSubscriptionItem({ subscription: subscriptionId, price, quantity: line.quantity, created: now, periodStart: now, periodEnd: periodStart(now, interval, 1) });
      });
      const subscription = buildSubscription({ id: subscriptionId, customer: customer.id, currency: session.currency, metadata: { ...extras.subscriptionMetadata }, created: now, items });
      // As Stripe Checkout does in subscription mode: the card paid with is the subscription's default.
      subscription.default_payment_method = card.id;
      const invoice = buildInvoice({ subscription, customerEmail: customer.email, reason: 'subscription_create', created: now });
      markPaid(invoice, now);
      subscription.latest_invoice = invoice.id;
      state().subscriptions[subscription.id] = subscription;
      state().invoices[invoice.id] = invoice;
      state().clocks[subscription.id] = {
        now,
        anchor: now,
        interval: firstItem(subscription).price.recurring.interval as Interval,
        cycle: 0,
        openInvoice: null,
        firstFailureAt: null,
      };
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: customer.id,
        subscription: subscription.id,
        invoice: invoice.id,
        url: null,
        customer_details: { address: null, email: customer.email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] },
      });
      store.save();
      emit('checkout.session.completed', session, subscription.id);
      emit('customer.subscription.created', subscription, subscription.id);
      emit('invoice.paid', invoice, subscription.id);
      return { ok: true, redirectTo: (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
    },

    expireSession,

    expireDueSessions() {
      const now = nowSeconds();
      for (const session of Object.values(state().sessions)) {
        if (session.status === 'open' && session.expires_at <= now) expireSession(session.id);
      }
    },

    advance(subscriptionId, outcome) {
      const { subscription } = subscriptionOf(subscriptionId);
      if (subscription.status === 'canceled') {
        throw new StripeApiError(400, 'invalid_request_error', `Subscription ${subscriptionId} has ended (status canceled); there is nothing to advance.`);
      }
      if (subscription.status === 'past_due') retry(subscription, outcome);
      else renew(subscription, outcome);
      return subscription;
    },

    emitSubscriptionUpdated(subscription, previous) {
      emit('customer.subscription.updated', subscription, subscription.id, previous);
    },

    emitSubscriptionDeleted(subscription) {
      emit('customer.subscription.deleted', subscription, subscription.id);
    },
  };
};
