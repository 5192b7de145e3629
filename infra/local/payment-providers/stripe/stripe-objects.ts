import { newId } from '../ids.js';
import type { Interval } from '../periods.js';
import type {
  Metadata,
  StripeCheckoutSession,
  StripeCustomer,
  StripeInvoice,
  StripePrice,
  StripeProduct,
  StripeSubscription,
  StripeSubscriptionItem,
} from './stripe-state.js';

/** Builders of Stripe objects with the fields the real API returns (API version 2026-10-28). */
export const list = <T>(url: string, data: T[], hasMore = false) => ({ object: 'list' as const, data, has_more: hasMore, url });

export const buildProduct = (name: string, created: number): StripeProduct => ({
  id: newId('prod', 14),
  object: 'product',
  active: true,
  attributes: [],
  created,
  default_price: null,
  description: null,
  images: [],
  livemode: false,
  marketing_features: [],
  metadata: {},
  name,
  package_dimensions: null,
  shippable: null,
  statement_descriptor: null,
  tax_code: null,
  type: 'service',
  unit_label: null,
  updated: created,
  url: null,
});

export const buildPrice = (p: {
  product: string;
  currency: string;
  unitAmount: number;
  interval: Interval;
  lookupKey: string | null;
  nickname: string | null;
  metadata: Metadata;
  created: number;
}): StripePrice => ({
  id: newId('price', 24),
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: p.created,
  currency: p.currency,
  custom_unit_amount: null,
  livemode: false,
  lookup_key: p.lookupKey,
  metadata: p.metadata,
  nickname: p.nickname,
  product: p.product,
  recurring: { interval: p.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: 'recurring',
  unit_amount: p.unitAmount,
  unit_amount_decimal: String(p.unitAmount),
});

export const buildSession = (p: {
  id: string;
  url: string;
  amount: number;
  currency: string;
  created: number;
  expiresAt: number;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  successUrl: string;
  cancelUrl: string | null;
}): StripeCheckoutSession => ({
  id: p.id,
  object: 'checkout.session',
  adaptive_pricing: null,
  after_expiration: null,
  allow_promotion_codes: null,
  amount_subtotal: p.amount,
  amount_total: p.amount,
  automatic_tax: { enabled: false, liability: null, provider: null, status: null },
  billing_address_collection: null,
  cancel_url: p.cancelUrl,
  client_reference_id: p.clientReferenceId,
  client_secret: null,
  collected_information: null,
  consent: null,
  consent_collection: null,
  created: p.created,
  currency: p.currency,
  currency_conversion: null,
  custom_fields: [],
  custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
  customer: null,
  customer_account: null,
  customer_creation: 'always',
  customer_details: p.customerEmail ? { address: null, email: p.customerEmail, name: null, phone: null, tax_exempt: 'none', tax_ids: [] } : null,
  customer_email: p.customerEmail,
  discounts: [],
  expires_at: p.expiresAt,
  invoice: null,
  invoice_creation: null,
  livemode: false,
  locale: null,
  metadata: p.metadata,
  mode: 'subscription',
  payment_intent: null,
  payment_link: null,
  payment_method_collection: 'always',
  payment_method_types: ['card'],
  payment_status: 'unpaid',
  recovered_from: null,
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_options: [],
  status: 'open',
  submit_type: null,
  subscription: null,
  success_url: p.successUrl,
  total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  ui_mode: 'hosted',
  url: p.url,
  wallet_options: null,
});

export const buildCustomer = (email: string | null, created: number): StripeCustomer => ({
  id: newId('cus', 14),
  object: 'customer',
  address: null,
  balance: 0,
  created,
  currency: null,
  default_source: null,
  delinquent: false,
  description: null,
  email,
  invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata: {},
  name: null,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
});

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

export const buildEvent = (p: { type: string; object: unknown; previous?: Record<string, unknown>; apiVersion: string }) => ({
  id: newId('evt', 24),
  object: 'event' as const,
  api_version: p.apiVersion,
  created: Math.floor(Date.now() / 1000),
  data: { object: p.object, ...(p.previous ? { previous_attributes: p.previous } : {}) },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type: p.type,
});
