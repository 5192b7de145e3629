import type Stripe from 'stripe';
import { parsePriceLookupKey, planAmount, priceLookupKey, type PaidTierId } from '../../../../shared/billing/plans.js';
import type { BillingPeriod, Currency } from '../../../../shared/billing/payments.js';
import { tierOf } from '../../../../shared/tiers.js';
import { billingConfig } from '../../../billing-config.js';
import { stripe } from '../../../clients/stripe.js';
import { checkoutExpiresAt } from '../checkout-window.js';
import { CANCEL_REVERSIBLE } from '../resume-rules.js';
import {
  InvalidWebhook,
  toIso,
  type CheckoutCreated,
  type CheckoutRequest,
  type CheckoutView,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
  type SubscriptionState,
} from './payment-provider.js';

/**
 * Card payments: Stripe Checkout in subscription mode, on the real `stripe` SDK (docs/billing.md
 * "Provider calls"). Prices are found by lookup key and created on first use, so a new tier or
 * price needs no setup in the Stripe dashboard.
 */

/** Stripe's own tolerance for a signed timestamp (docs/billing.md "Rules"). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

const CURRENCY: Currency = 'usd';

const prices = new Map<string, string>();

/** The price id of a plan: by lookup key, created (with its product) the first time it is needed. */
const priceIdOf = async (tier: PaidTierId, period: BillingPeriod, amount: number): Promise<string> => {
  const lookupKey = priceLookupKey(tier, period, CURRENCY);
  const known = prices.get(lookupKey);
  if (known) return known;
  const client = await stripe();
  const { data } = await client.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price =
    data[0] ??
    (await client.prices.create({
      lookup_key: lookupKey,
      currency: CURRENCY,
      unit_amount: amount,
      recurring: { interval: period === 'yearly' ? 'year' : 'month' },
      product_data: { name: `Upwatch ${tierOf(tier).name} (${period})` },
      // Two first checkouts at once: the second create takes the key over rather than failing.
      transfer_lookup_key: true,
    }));
  prices.set(lookupKey, price.id);
  return price.id;
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const stateOf = (status: Stripe.Subscription.Status): SubscriptionState => {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
    case 'paused':
      return 'incomplete';
    default:
      // canceled, incomplete_expired, unpaid (Stripe's dunning ended without cancelling).
      return 'ended';
  }
};

const toSubscription = (subscription: Stripe.Subscription): ProviderSubscription => {
  const item = subscription.items.data[0];
  const plan = parsePriceLookupKey(item?.price.lookup_key);
  return {
    gateway: 'stripe',
    id: subscription.id,
    userId: subscription.metadata.user_id ?? null,
    checkoutPaymentId: subscription.metadata.payment_id ?? null,
    tier: plan?.tier ?? null,
    period: plan?.period ?? null,
    state: stateOf(subscription.status),
    // Ended by the failed retries rather than by the user: said the way endSubscriptionFromRecord
    // says it, so the move to Free is told as a failed payment even when our record never saw the
    // subscription past due (its events handled late).
    providerStatus: subscription.cancellation_details?.reason === 'payment_failed' ? `${subscription.status} (unpaid)` : subscription.status,
    currentPeriodEnd: toIso(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
};

const subscriptionOfInvoice = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription ?? null);

const headerOf = (headers: Record<string, string | undefined>, name: string): string | undefined =>
  headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

const toEvent = (event: Stripe.Event): ProviderEvent => {
  const base = { gateway: 'stripe' as const, id: event.id, type: event.type, subscriptionId: null, checkout: null, payment: null };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return {
        ...base,
        subscriptionId: idOf(session.subscription),
        checkout:
          session.payment_status === 'paid'
            ? { ref: session.id, outcome: 'paid', gatewayStatus: session.payment_status, amount: session.amount_total }
            : null,
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        ...base,
        subscriptionId: idOf(session.subscription),
        checkout: { ref: session.id, outcome: 'over', gatewayStatus: event.type === 'checkout.session.expired' ? 'expired' : 'failed', amount: null },
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const paid = event.type === 'invoice.paid';
      return {
        ...base,
        subscriptionId: subscriptionOfInvoice(invoice),
        payment: {
          // Each failed attempt at an invoice is a payment of its own (a failed one); the paid one is the invoice.
          ref: paid ? invoice.id : `${invoice.id}:attempt-${invoice.attempt_count}`,
          status: paid ? 'completed' : 'failed',
          gatewayStatus: paid ? 'paid' : `payment_failed (attempt ${invoice.attempt_count})`,
          amount: paid ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency === 'inr' ? 'inr' : 'usd',
          first: invoice.billing_reason === 'subscription_create',
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, subscriptionId: event.data.object.id };
    default:
      return base;
  }
};

/** The subscription's plan item and the price id of `tier` and `period`: what a plan change puts on that item. */
const planItemAndPrice = async (subscriptionId: string, tier: PaidTierId, period: BillingPeriod) => {
  const client = await stripe();
  const current = await client.subscriptions.retrieve(subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items`);
  const price = await priceIdOf(tier, period, planAmount(tier, period, CURRENCY));
  return { client, item, price };
};

export const stripeProvider: PaymentProvider = {
  gateway: 'stripe',
  currency: CURRENCY,

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const price = await priceIdOf(request.tier, request.period, request.amount);
    const metadata = { user_id: request.userId, payment_id: request.paymentId, tier: request.tier, period: request.period };
    const session = await (await stripe()).checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        customer_email: request.email,
        client_reference_id: request.userId,
        metadata,
        subscription_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        // A checkout given up on (the browser's Back, a closed tab) is over within the window, not 24 h.
        expires_at: checkoutExpiresAt(new Date()),
      },
      // A retried request (network) creates one session, not two.
      { idempotencyKey: `checkout-${request.paymentId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { ref: session.id, subscriptionId: null, gatewayStatus: session.status ?? 'open', response: { url: session.url, session_id: session.id } };
  },

  async viewCheckout(ref: string): Promise<CheckoutView> {
    const session = await (await stripe()).checkout.sessions.retrieve(ref);
    const outcome = session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'over' : 'open';
    return { outcome, gatewayStatus: session.status ?? 'open', subscriptionId: idOf(session.subscription) };
  },

  async abandonCheckout(ref: string): Promise<CheckoutView> {
    try {
      const session = await (await stripe()).checkout.sessions.expire(ref);
      return { outcome: 'over', gatewayStatus: session.status ?? 'expired', subscriptionId: idOf(session.subscription) };
    } catch (error) {
      // A session Stripe does not have can never be paid: it is over (docs/billing.md "Abandoned checkouts").
      if ((error as { code?: string }).code === 'resource_missing') return { outcome: 'over', gatewayStatus: 'missing', subscriptionId: null };
      // Only an open session can be expired: one already paid or expired is simply read.
      if ((error as { type?: string }).type === 'StripeInvalidRequestError') return this.viewCheckout(ref);
      throw error;
    }
  },

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return toSubscription(await (await stripe()).subscriptions.retrieve(subscriptionId));
  },

  async changePlanAtPeriodEnd(subscription: ProviderSubscription, tier: PaidTierId, period: BillingPeriod): Promise<void> {
    const { client, item, price } = await planItemAndPrice(subscription.id, tier, period);
    // No proration: the paid period stays as bought; the next invoice is at the new price. Our
    // record keeps the paid tier until that period ends (sync-subscription.ts).
    await client.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price }],
      proration_behavior: 'none',
      cancel_at_period_end: false,
    });
  },

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    await (await stripe()).subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  },

  cancelIsReversible: CANCEL_REVERSIBLE.stripe,

  async keepCurrentPlan(subscription: ProviderSubscription, tier: PaidTierId, period: BillingPeriod): Promise<void> {
    const { client, item, price } = await planItemAndPrice(subscription.id, tier, period);
    // The price paid for now goes back on the item (a scheduled downgrade had put the lower one
    // there), without proration: nothing is charged, the next renewal is at the current plan.
    await client.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
      ...(item.price.id === price ? {} : { items: [{ id: item.id, price }], proration_behavior: 'none' as const }),
    });
  },

  async cancelNow(subscriptionId: string): Promise<void> {
    await (await stripe()).subscriptions.cancel(subscriptionId);
  },

  /** The invoice's payment intent (its invoice payment) is refunded in part. */
  async refund(charge: { ref: string | null; subscriptionId: string }, amount: number, key: string): Promise<{ refundId: string; status: string }> {
    const client = await stripe();
    const chargeRef = charge.ref ?? idOf((await client.subscriptions.retrieve(charge.subscriptionId)).latest_invoice);
    if (!chargeRef) throw new Error(`Subscription ${charge.subscriptionId} has no invoice to refund`);
    const payments = await client.invoicePayments.list({ invoice: chargeRef, limit: 10 });
    const paid = payments.data.find((payment) => payment.status === 'paid' && payment.payment.payment_intent);
    const intent = paid ? idOf(paid.payment.payment_intent ?? null) : null;
    if (!intent) throw new Error(`Invoice ${chargeRef} has no paid payment intent to refund`);
    const refund = await client.refunds.create({ payment_intent: intent, amount, metadata: { upwatch_refund: key } }, { idempotencyKey: `refund-${key}` });
    return { refundId: refund.id, status: refund.status ?? 'pending' };
  },

  /** Verifies Stripe's signature (tolerance 300 s) on the exact bytes received and parses the event. */
  async parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<ProviderEvent> {
    const signature = headerOf(headers, 'stripe-signature');
    if (!signature) throw new InvalidWebhook('Missing Stripe-Signature header');
    const [client, settings] = await Promise.all([stripe(), billingConfig()]);
    let event: Stripe.Event;
    try {
      event = client.webhooks.constructEvent(rawBody, signature, settings.stripe.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      // Stripe's first sentence says what is wrong; the rest is advice to Stripe's integrators,
      // not for whoever sent a forged request.
      throw new InvalidWebhook(error instanceof Error ? (error.message.split(/\.\s/)[0] ?? error.message) : 'Invalid signature');
    }
    return toEvent(event);
  },
};
