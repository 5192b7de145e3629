import type { Interval } from '../periods.js';
import type { PendingDelivery } from '../webhook-sender.js';

/**
 * The local Stripe's objects, stored in the shapes the API returns (API version of the pinned
 * `stripe` package) with references as ids; `expand` swaps ids for objects on the way out.
 * Only the fields the local provider keeps are typed; the rest of each object is as Stripe sends it.
 */
export type Metadata = Record<string, string>;

export interface StripeProduct {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  name: string;
  [field: string]: unknown;
}

export interface StripePrice {
  id: string;
  object: 'price';
  active: boolean;
  created: number;
  currency: string;
  lookup_key: string | null;
  product: string;
  recurring: { interval: Interval; interval_count: number; usage_type: 'licensed'; [field: string]: unknown };
  unit_amount: number;
  [field: string]: unknown;
}

export interface StripeCustomer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  [field: string]: unknown;
}

export interface StripePaymentMethod {
  id: string;
  object: 'payment_method';
  created: number;
  customer: string | null;
  type: 'card';
  card: { brand: string; exp_month: number; exp_year: number; last4: string; [field: string]: unknown };
  [field: string]: unknown;
}

/** A customer portal session (`POST /v1/billing_portal/sessions`); its `url` is the local portal page. */
export interface StripePortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
  [field: string]: unknown;
}

export interface StripeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
  price: StripePrice;
  quantity: number;
  subscription: string;
  [field: string]: unknown;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';

export interface StripeSubscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  currency: string;
  customer: string;
  ended_at: number | null;
  items: { object: 'list'; data: StripeSubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  metadata: Metadata;
  start_date: number;
  status: SubscriptionStatus;
  [field: string]: unknown;
}

export interface StripeInvoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  next_payment_attempt: number | null;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { metadata: Metadata; subscription: string } };
  period_end: number;
  period_start: number;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: number | null; paid_at: number | null; voided_at: number | null };
  total: number;
  [field: string]: unknown;
}

export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  metadata: Metadata;
  mode: 'subscription';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string | null;
  url: string | null;
  [field: string]: unknown;
}

/** What the local provider remembers beyond the API objects. */
export interface SessionExtras {
  lineItems: Array<{ price: string; quantity: number }>;
  subscriptionMetadata: Metadata;
}

export interface SubscriptionClock {
  /** The subscription's own "now": its last renewal attempt (advanced by POST /_local/advance). */
  now: number;
  /** Periods run from `anchor` in steps of `interval`; the current one is number `cycle` (0 = first). */
  anchor: number;
  interval: Interval;
  cycle: number;
  /** The unpaid renewal invoice while past due, and when its first attempt failed. */
  openInvoice: string | null;
  firstFailureAt: number | null;
}

/** A card payment taken for a paid invoice: what a refund is made against (`payment_intent`). */
export interface StripePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string;
  latest_charge: string;
  status: 'succeeded';
  created: number;
  /** Local only: the invoice it paid, and how much of it was refunded. */
  invoice: string;
  amount_refunded: number;
  [field: string]: unknown;
}

export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  [field: string]: unknown;
}

export interface StripeState {
  products: Record<string, StripeProduct>;
  prices: Record<string, StripePrice>;
  customers: Record<string, StripeCustomer>;
  paymentMethods: Record<string, StripePaymentMethod>;
  portalSessions: Record<string, StripePortalSession>;
  sessions: Record<string, StripeCheckoutSession>;
  sessionExtras: Record<string, SessionExtras>;
  subscriptions: Record<string, StripeSubscription>;
  clocks: Record<string, SubscriptionClock>;
  invoices: Record<string, StripeInvoice>;
  paymentIntents: Record<string, StripePaymentIntent>;
  refunds: Record<string, StripeRefund>;
  events: Record<string, unknown>;
  deliveries: PendingDelivery[];
}

export const emptyStripeState = (): StripeState => ({
  products: {},
  prices: {},
  customers: {},
  paymentMethods: {},
  portalSessions: {},
  sessions: {},
  sessionExtras: {},
  subscriptions: {},
  clocks: {},
  invoices: {},
  paymentIntents: {},
  refunds: {},
  events: {},
  deliveries: [],
});
