import type { BillingPeriod, Currency, PaymentGateway } from '../../../../shared/billing/payments.js';
import type { PaidTierId } from '../../../../shared/billing/plans.js';

/**
 * One shape for both providers (docs/billing.md "Provider calls"), so the billing services never
 * branch on the provider: stripe-provider.ts and razorpay-provider.ts implement it on the real SDKs.
 */

/** What a provider subscription means to us, whatever the provider calls its states. */
export type SubscriptionState =
  /** Created, not yet paid (a checkout still open, a UPI mandate not yet charged). */
  | 'incomplete'
  /** Paid for the current period. */
  | 'active'
  /** A renewal failed and is being retried; the plan stays until the retries run out. */
  | 'past_due'
  /** Over: cancelled, expired, or the retries ran out. */
  | 'ended';

export interface ProviderSubscription {
  gateway: PaymentGateway;
  id: string;
  /** Our user and checkout payment, from the metadata/notes the checkout put on it. */
  userId: string | null;
  checkoutPaymentId: string | null;
  /** The tier and period of the price/plan the subscription is on now (null: not one of ours). */
  tier: PaidTierId | null;
  period: BillingPeriod | null;
  state: SubscriptionState;
  /** The provider's own word. */
  providerStatus: string;
  /** ISO; null before the first payment. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  paymentId: string;
  tier: PaidTierId;
  period: BillingPeriod;
  /** Minor units, in the provider's currency. */
  amount: number;
  currency: Currency;
  /** Where the browser goes after paying / giving up (card checkout). */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutCreated {
  /** The id the status call is made with: Stripe's checkout session, Razorpay's subscription. */
  ref: string;
  /** The provider subscription, when the checkout already created one (Razorpay). */
  subscriptionId: string | null;
  gatewayStatus: string;
  /** What POST /api/payments/checkout/session answers (url, or subscription_id and key_id). */
  response: Record<string, unknown>;
}

/** The provider's view of a checkout, for GET /api/payments/checkout/status/{id}. */
export interface CheckoutView {
  /** paid: the provider took the first payment; open: still waiting; over: expired, cancelled or failed. */
  outcome: 'paid' | 'open' | 'over';
  gatewayStatus: string;
  subscriptionId: string | null;
}

/** A payment a webhook reports: a charge taken or refused. */
export interface ReportedPayment {
  /** The provider object that is this payment (Stripe invoice, Razorpay payment). */
  ref: string;
  status: 'completed' | 'failed';
  gatewayStatus: string;
  amount: number;
  currency: Currency;
  /** The subscription's first payment (it completes the checkout) rather than a renewal. */
  first: boolean;
}

/** A verified webhook event, reduced to what the billing services act on. */
export interface ProviderEvent {
  gateway: PaymentGateway;
  id: string;
  type: string;
  subscriptionId: string | null;
  /** A checkout the event settles: its ref, and whether it was paid or ended unpaid. */
  checkout: { ref: string; outcome: 'paid' | 'over'; gatewayStatus: string; amount: number | null } | null;
  payment: ReportedPayment | null;
}

export interface PaymentProvider {
  gateway: PaymentGateway;
  currency: Currency;
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  viewCheckout(ref: string): Promise<CheckoutView>;
  /**
   * Ends a checkout the user gave up on (Stripe: the session is expired; Razorpay: the subscription
   * not yet authenticated is cancelled), so it is over at once rather than when it would time out.
   * Answers the provider's view afterwards: `paid` when it was paid meanwhile (nothing is ended).
   */
  abandonCheckout(ref: string): Promise<CheckoutView>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** From the next period on, the subscription is billed at `tier`/`period`'s price. */
  changePlanAtPeriodEnd(subscription: ProviderSubscription, tier: PaidTierId, period: BillingPeriod): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /**
   * Whether a cancellation at period end, once told to the provider, can be taken back. Stripe:
   * yes (`cancel_at_period_end: false`), so it is told at once. Razorpay: no (a cycle-end cancel is
   * final), so our record holds the cancellation and the period-end job tells Razorpay shortly
   * before the period ends (docs/billing.md "Resume and undo").
   */
  cancelIsReversible: boolean;
  /**
   * Takes back what was scheduled for the end of the period: the subscription renews on `tier` /
   * `period` (the plan paid for now) as before. Stripe: `cancel_at_period_end: false` and the
   * current price back on the item; Razorpay: its scheduled plan change is cancelled.
   */
  keepCurrentPlan(subscription: ProviderSubscription, tier: PaidTierId, period: BillingPeriod): Promise<void>;
  /** Ends it now (a replaced subscription, a past-due one whose grace ran out). */
  cancelNow(subscriptionId: string): Promise<void>;
  /**
   * Gives back `amount` (minor units, the payment's currency) of a payment, to the card or UPI
   * account it came from (docs/billing.md "Switching the way of paying"). `charge.ref` is what took
   * the money (Stripe invoice, Razorpay payment), null when its event has not been applied yet
   * (then Stripe refunds the subscription's latest invoice); `key` makes a retried call refund once.
   */
  refund(charge: { ref: string | null; subscriptionId: string }, amount: number, key: string): Promise<{ refundId: string; status: string }>;
  /** Verifies the signature on the raw body and parses the event; throws `InvalidWebhook` otherwise. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<ProviderEvent>;
}

/** A webhook whose signature, timestamp or body does not verify: 400, nothing changes. */
export class InvalidWebhook extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidWebhook';
  }
}

const toIso = (epochSeconds: number | null | undefined): string | null =>
  typeof epochSeconds === 'number' && epochSeconds > 0 ? new Date(epochSeconds * 1000).toISOString() : null;

export { toIso };
