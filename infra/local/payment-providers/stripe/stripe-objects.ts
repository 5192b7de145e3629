import { newId } from '../ids.js';
import type { Interval } from '../periods.js';
import type {
  Metadata,
  StripeCheckoutSession,
  StripeCustomer,
  StripePrice,
  StripeProduct,
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
