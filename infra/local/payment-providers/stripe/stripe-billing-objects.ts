import { newId } from '../ids.js';
import type {
  Metadata,
  StripeInvoice,
  StripePrice,
  StripeSubscription,
  StripeSubscriptionItem,
} from './stripe-state.js';
import { list } from './stripe-objects.js';

/** Builders of Stripe's billing objects (subscriptions, their items and plans, invoices), with the fields the real API returns (API version 2026-10-28). */
export const buildSubscriptionItem = (p: {
  subscription: string;
  price: StripePrice;
  quantity: number;
  created: number;
  periodStart: number;
  periodEnd: number;
}): StripeSubscriptionItem => ({
  id: newId('si', 14),
  object: 'subscription_item',
  billing_thresholds: null,
  created: p.created,
  current_period_end: p.periodEnd,
  current_period_start: p.periodStart,
  discounts: [],
  metadata: {},
  plan: planOf(p.price),
  price: p.price,
  quantity: p.quantity,
  subscription: p.subscription,
  tax_rates: [],
});

/** The legacy `plan` mirror of a price that subscription items still carry. */
export const planOf = (price: StripePrice) => ({
  id: price.id,
  object: 'plan',
  active: price.active,
  amount: price.unit_amount,
  amount_decimal: String(price.unit_amount),
  billing_scheme: 'per_unit',
  created: price.created,
  currency: price.currency,
  interval: price.recurring.interval,
  interval_count: 1,
  livemode: false,
  metadata: price.metadata,
  nickname: price.nickname,
  product: price.product,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: null,
  usage_type: 'licensed',
});

export const buildSubscription = (p: {
  id: string;
  customer: string;
  currency: string;
  metadata: Metadata;
  created: number;
  items: StripeSubscriptionItem[];
}): StripeSubscription => ({
  id: p.id,
  object: 'subscription',
  application: null,
  application_fee_percent: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null },
  billing_cycle_anchor: p.created,
  billing_cycle_anchor_config: null,
  billing_mode: { flexible: null, type: 'classic' },
  billing_thresholds: null,
  cancel_at: null,
  cancel_at_period_end: false,
  canceled_at: null,
  cancellation_details: { comment: null, feedback: null, reason: null },
  collection_method: 'charge_automatically',
  created: p.created,
  currency: p.currency,
  customer: p.customer,
  customer_account: null,
  days_until_due: null,
  default_payment_method: null,
  default_source: null,
  description: null,
  discounts: [],
  ended_at: null,
  invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
  items: { object: 'list', data: p.items, has_more: false, total_count: p.items.length, url: `/v1/subscription_items?subscription=${p.id}` },
  latest_invoice: null,
  livemode: false,
  metadata: p.metadata,
  next_pending_invoice_item_invoice: null,
  on_behalf_of: null,
  pause_collection: null,
  payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
  pending_invoice_item_interval: null,
  pending_setup_intent: null,
  pending_update: null,
  schedule: null,
  start_date: p.created,
  status: 'active',
  test_clock: null,
  transfer_data: null,
  trial_end: null,
  trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
  trial_start: null,
});

export const buildInvoice = (p: {
  subscription: StripeSubscription;
  customerEmail: string | null;
  reason: StripeInvoice['billing_reason'];
  created: number;
}): StripeInvoice => {
  const item = p.subscription.items.data[0] as StripeSubscriptionItem;
  const amount = item.price.unit_amount * item.quantity;
  const id = newId('in', 24);
  const line = {
    id: newId('il', 24),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: `${item.quantity} × ${item.price.nickname ?? item.price.product} (at ${item.price.unit_amount / 100} / ${item.price.recurring.interval})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: p.subscription.id, subscription_item: item.id },
      type: 'subscription_item_details',
    },
    period: { end: item.current_period_end, start: item.current_period_start },
    pretax_credit_amounts: [],
    pricing: { price_details: { price: item.price.id, product: item.price.product }, type: 'price_details', unit_amount_decimal: String(item.price.unit_amount) },
    quantity: item.quantity,
    taxes: [],
  };
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Upwatch (local Stripe)',
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    billing_reason: p.reason,
    collection_method: 'charge_automatically',
    created: p.created,
    currency: item.price.currency,
    customer: p.subscription.customer,
    customer_email: p.customerEmail,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: p.created,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: list(`/v1/invoices/${id}/lines`, [line]),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: { ...p.subscription.metadata }, subscription: p.subscription.id } },
    period_end: item.current_period_start,
    period_start: item.current_period_start,
    status: 'open',
    status_transitions: { finalized_at: p.created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    total: amount,
    total_excluding_tax: amount,
    webhooks_delivered_at: null,
  };
};
