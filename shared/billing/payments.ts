/**
 * The payment record (docs/billing.md "Records"; docs/product-rules.md "Operator lists"): one per payment a provider
 * took or tried to take, written by the webhook handlers and listed by Settings > Subscription and
 * the operator panel. Amounts are in minor units (cents, paise).
 */
import type { TierId } from '../tiers.js';

export const PAYMENT_GATEWAYS = ['stripe', 'razorpay'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

export const CURRENCIES = ['usd', 'inr'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PAYMENT_STATUSES = ['completed', 'pending', 'processing', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A status as people read it, the same for the user's history and the operator's payments
 * (docs/billing.md "Abandoned checkouts"). `cancelled` is only ever a checkout given up on (left
 * on the provider's page, its UPI popup or tab closed, or expired unpaid), so it reads "Abandoned".
 */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  processing: 'Processing',
  failed: 'Failed',
  cancelled: 'Abandoned',
  refunded: 'Refunded',
};

/** A status no later event changes (a completed payment stays completed, and so on). */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['completed', 'failed', 'cancelled', 'refunded'];

/**
 * Statuses whose amount counts in the revenue figures: money taken (`completed`) and money given
 * back (`refunded`, whose amount is negative), so a refund lowers the revenue it came from
 * (docs/billing.md "Switching the way of paying").
 */
export const REVENUE_STATUSES: readonly PaymentStatus[] = ['completed', 'refunded'];

export const isFinalPaymentStatus = (status: PaymentStatus): boolean => FINAL_PAYMENT_STATUSES.includes(status);

/**
 * Why the payment was taken: the first payment of a checkout, a renewal of the subscription, or a
 * refund of the unused part of a subscription replaced by another (a negative amount).
 */
export type PaymentKind = 'checkout' | 'renewal' | 'refund';

export interface Payment {
  /** A ULID: sorts by creation time. */
  id: string;
  user_id: string;
  package_id: Exclude<TierId, 'free'>;
  billing_period: BillingPeriod;
  /** Minor units. */
  amount: number;
  currency: Currency;
  payment_gateway: PaymentGateway;
  payment_status: PaymentStatus;
  /** The provider's own word for the state (Stripe's session/invoice status, Razorpay's subscription/payment status). */
  gateway_status: string;
  /** The provider object the payment is: checkout session, invoice, Razorpay subscription or payment id. */
  gateway_ref: string;
  /** The provider subscription the payment belongs to, once known. */
  gateway_subscription_id: string | null;
  kind: PaymentKind;
  /** A refund: the payment (our id) whose unused part it gives back. */
  refunds_payment_id?: string | null;
  /** The provider object that took the money and a refund is made against (Stripe invoice, Razorpay payment). */
  charge_ref?: string | null;
  created_at: string;
  updated_at: string;
}

/** Counters over every payment (`STATS`/`PAYMENTS`), kept in the transaction of each status change. */
export interface PaymentStats {
  total: number;
  by_status: Record<PaymentStatus, number>;
  /** Sum of completed payments per currency, minor units. */
  revenue: Record<Currency, number>;
}

/** A payment as the user's own history shows it (GET /api/payments/history). */
export interface PaymentHistoryEntry {
  id: string;
  created_at: string;
  package_id: Payment['package_id'];
  plan_name: string;
  billing_period: BillingPeriod;
  amount: number;
  currency: Currency;
  payment_gateway: PaymentGateway;
  payment_status: PaymentStatus;
  gateway_status: string;
  /** The receipt: what the provider calls this payment, and whether our receipt mail went out. */
  receipt: { reference: string; emailed: boolean };
}

/** Formats minor units for people: "$19.00", "₹1,599.00". */
export const formatAmount = (amount: number, currency: Currency): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
