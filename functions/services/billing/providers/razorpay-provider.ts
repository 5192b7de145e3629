import Razorpay from 'razorpay';
import type { BillingPeriod, Currency } from '../../../../shared/billing/payments.js';
import { planAmount, type PaidTierId } from '../../../../shared/billing/plans.js';
import { tierOf } from '../../../../shared/tiers.js';
import { billingConfig } from '../../../billing-config.js';
import { razorpay } from '../../../clients/razorpay.js';
import { findPaymentRef } from '../../../repositories/payment-repository.js';
import { findPlanById, findProviderPlan, storeProviderPlan } from '../../../repositories/provider-plan-repository.js';
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
 * UPI payments: Razorpay Subscriptions on the real `razorpay` SDK (docs/billing.md "Provider
 * calls"). Plans are created on first use and their ids kept in the table. The browser authorises
 * the subscription in Razorpay's checkout.js popup.
 */

const CURRENCY: Currency = 'inr';

/** Billing cycles a subscription runs for before Razorpay completes it: ten years either way. */
const TOTAL_COUNT: Record<BillingPeriod, number> = { monthly: 120, yearly: 10 };

interface RazorpaySubscriptionEntity {
  id: string;
  plan_id: string;
  status: string;
  current_end?: number | null;
  paid_count?: number;
  notes?: Record<string, unknown> | unknown[] | null;
  has_scheduled_changes?: boolean;
}

interface RazorpayPaymentEntity {
  id: string;
  amount: number;
  currency: string;
  status: string;
  subscription_id?: string | null;
  error_description?: string | null;
  notes?: Record<string, unknown> | unknown[] | null;
}

interface RazorpayWebhookBody {
  event?: string;
  payload?: {
    subscription?: { entity?: RazorpaySubscriptionEntity };
    payment?: { entity?: RazorpayPaymentEntity };
  };
}

const stateOf = (status: string): SubscriptionState => {
  switch (status) {
    case 'active':
      return 'active';
    case 'pending':
      return 'past_due';
    case 'halted':
    case 'cancelled':
    case 'completed':
    case 'expired':
      return 'ended';
    default:
      // created, authenticated (mandate given, first charge not yet), paused.
      return 'incomplete';
  }
};

const planIdOf = async (tier: PaidTierId, period: BillingPeriod): Promise<string> => {
  const known = await findProviderPlan('razorpay', tier, period, CURRENCY);
  if (known) return known;
  const plan = await (await razorpay()).plans.create({
    period,
    interval: 1,
    item: { name: `Upwatch ${tierOf(tier).name} (${period})`, amount: planAmount(tier, period, CURRENCY), currency: 'INR' },
    notes: { tier, period },
  });
  return storeProviderPlan('razorpay', { planId: plan.id, tier, period }, CURRENCY);
};

/**
 * Whose subscription it is comes from our own records: the checkout that created it stored the
 * subscription id as its payment's reference (start-checkout.ts). Notes are not read for it: a
 * subscription made with our keys but not by our checkout, or notes edited at Razorpay, would
 * otherwise move another account's plan (docs/billing.md "Rules").
 */
const toSubscription = async (entity: RazorpaySubscriptionEntity): Promise<ProviderSubscription> => {
  const [plan, checkout] = await Promise.all([findPlanById('razorpay', entity.plan_id), findPaymentRef('razorpay', entity.id)]);
  return {
    gateway: 'razorpay',
    id: entity.id,
    userId: checkout?.userId ?? null,
    checkoutPaymentId: checkout?.paymentId ?? null,
    tier: plan?.tier ?? null,
    period: plan?.period ?? null,
    state: stateOf(entity.status),
    providerStatus: entity.status,
    currentPeriodEnd: toIso(entity.current_end),
    // Razorpay does not show a pending cycle-end cancellation; our subscription item keeps it.
    cancelAtPeriodEnd: false,
  };
};

const fetchSubscription = async (id: string): Promise<RazorpaySubscriptionEntity> =>
  (await (await razorpay()).subscriptions.fetch(id)) as unknown as RazorpaySubscriptionEntity;

/** Razorpay's answer for an id it does not know: 400 "The id provided does not exist". */
const isUnknownId = (error: unknown): boolean =>
  (error as { statusCode?: number; error?: { description?: string } } | null)?.statusCode === 400 &&
  /does not exist/i.test((error as { error?: { description?: string } }).error?.description ?? '');

const headerOf = (headers: Record<string, string | undefined>, name: string): string | undefined =>
  headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

const toEvent = (id: string, body: RazorpayWebhookBody): ProviderEvent => {
  const type = body.event ?? 'unknown';
  const subscription = body.payload?.subscription?.entity;
  const payment = body.payload?.payment?.entity;
  // Never from the payment's notes: whoever pays may set those (docs/billing.md "Rules").
  const subscriptionId = subscription?.id ?? payment?.subscription_id;
  const base = { gateway: 'razorpay' as const, id, type, subscriptionId: subscriptionId ?? null, checkout: null, payment: null };
  if (type === 'subscription.charged' && payment) {
    return {
      ...base,
      payment: {
        ref: payment.id,
        status: 'completed',
        gatewayStatus: payment.status,
        amount: payment.amount,
        currency: 'inr',
        first: (subscription?.paid_count ?? 1) <= 1,
      },
    };
  }
  if (type === 'payment.failed' && payment) {
    return {
      ...base,
      payment: {
        ref: payment.id,
        status: 'failed',
        gatewayStatus: payment.error_description ? `failed: ${payment.error_description}` : 'failed',
        amount: payment.amount,
        currency: 'inr',
        first: subscription ? (subscription.paid_count ?? 0) === 0 : false,
      },
    };
  }
  return base;
};

export const razorpayProvider: PaymentProvider = {
  gateway: 'razorpay',
  currency: CURRENCY,

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const planId = await planIdOf(request.tier, request.period);
    const [client, settings] = await Promise.all([razorpay(), billingConfig()]);
    const subscription = await client.subscriptions.create({
      plan_id: planId,
      total_count: TOTAL_COUNT[request.period],
      customer_notify: 1,
      // Not authorised within the window (a closed UPI tab), Razorpay expires it.
      expire_by: checkoutExpiresAt(new Date()),
      notes: { user_id: request.userId, payment_id: request.paymentId, tier: request.tier, period: request.period },
    });
    return {
      ref: subscription.id,
      subscriptionId: subscription.id,
      gatewayStatus: subscription.status,
      response: {
        subscription_id: subscription.id,
        key_id: settings.razorpay.keyId,
        amount: request.amount,
        currency: 'INR',
        name: 'Upwatch',
        description: `${tierOf(request.tier).name} plan (${request.period})`,
        prefill: { email: request.email },
      },
    };
  },

  async viewCheckout(ref: string): Promise<CheckoutView> {
    const entity = await fetchSubscription(ref);
    const state = stateOf(entity.status);
    const paid = (entity.paid_count ?? 0) > 0 && (state === 'active' || state === 'past_due');
    const over = state === 'ended' && (entity.paid_count ?? 0) === 0;
    return { outcome: paid ? 'paid' : over ? 'over' : 'open', gatewayStatus: entity.status, subscriptionId: entity.id };
  },

  async abandonCheckout(ref: string): Promise<CheckoutView> {
    const entity = await fetchSubscription(ref).catch((error: unknown) => {
      if (isUnknownId(error)) return null;
      throw error;
    });
    // A subscription Razorpay does not have can never be paid: it is over (docs/billing.md "Abandoned checkouts").
    if (!entity) return { outcome: 'over', gatewayStatus: 'missing', subscriptionId: null };
    // Only a subscription no payment was authorised on yet: an authenticated one may be charging now.
    if (entity.status === 'created') await (await razorpay()).subscriptions.cancel(ref, false);
    return this.viewCheckout(ref);
  },

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return toSubscription(await fetchSubscription(subscriptionId));
  },

  async changePlanAtPeriodEnd(subscription: ProviderSubscription, tier: PaidTierId, period: BillingPeriod): Promise<void> {
    const planId = await planIdOf(tier, period);
    await (await razorpay()).subscriptions.update(subscription.id, { plan_id: planId, schedule_change_at: 'cycle_end' });
  },

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    await (await razorpay()).subscriptions.cancel(subscriptionId, true);
  },

  cancelIsReversible: CANCEL_REVERSIBLE.razorpay,

  async keepCurrentPlan(subscription: ProviderSubscription): Promise<void> {
    // A held cancellation is only in our record; a plan change scheduled at cycle end is Razorpay's.
    const entity = await fetchSubscription(subscription.id);
    if (entity.has_scheduled_changes) await (await razorpay()).subscriptions.cancelScheduledChanges(subscription.id);
  },

  async cancelNow(subscriptionId: string): Promise<void> {
    await (await razorpay()).subscriptions.cancel(subscriptionId, false);
  },

  /** A partial refund of the UPI payment; `receipt` carries our key (Razorpay has no idempotency key). */
  async refund(charge: { ref: string | null; subscriptionId: string }, amount: number, key: string): Promise<{ refundId: string; status: string }> {
    // The first charge is noted by the same event that makes the subscription live, so it is known here.
    if (!charge.ref) throw new Error(`Subscription ${charge.subscriptionId}: no payment known to refund`);
    const refund = await (await razorpay()).payments.refund(charge.ref, { amount, receipt: key.slice(0, 40), notes: { upwatch_refund: key } });
    return { refundId: refund.id, status: refund.status };
  },

  /** `X-Razorpay-Signature` checked with Razorpay's own verifier on the raw body; the id is `X-Razorpay-Event-Id`. */
  async parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<ProviderEvent> {
    const signature = headerOf(headers, 'x-razorpay-signature');
    const eventId = headerOf(headers, 'x-razorpay-event-id');
    if (!signature) throw new InvalidWebhook('Missing X-Razorpay-Signature header');
    const { razorpay: settings } = await billingConfig();
    const body = rawBody.toString('utf8');
    let valid = false;
    try {
      valid = Razorpay.validateWebhookSignature(body, signature, settings.webhookSecret);
    } catch {
      valid = false;
    }
    if (!valid) throw new InvalidWebhook('Invalid Razorpay signature');
    if (!eventId) throw new InvalidWebhook('Missing X-Razorpay-Event-Id header');
    let parsed: RazorpayWebhookBody;
    try {
      parsed = JSON.parse(body) as RazorpayWebhookBody;
    } catch {
      throw new InvalidWebhook('The webhook body is not JSON');
    }
    return toEvent(eventId, parsed);
  },
};
