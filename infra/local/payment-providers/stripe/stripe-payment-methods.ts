import { newId } from '../ids.js';
import type { StripePaymentMethod } from './stripe-state.js';

/**
 * Card payment methods as Stripe returns them (API version of the pinned SDK), made from what the
 * local pages' card forms send: the number (brand and last four from it) and the expiry.
 */

/** The brand Stripe names for a card number's first digits. */
export const cardBrand = (digits: string): string => {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
};

export const EXPIRY_INCOMPLETE_MESSAGE = "Your card's expiration date is incomplete.";
export const EXPIRY_PAST_MESSAGE = "Your card's expiration date is in the past.";

/** "MM / YY" or "MM/YYYY" -> month and four-digit year; a message as Stripe's card form words it otherwise. */
export const parseExpiry = (text: string, now = new Date()): { month: number; year: number } | { error: string } => {
  const found = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  const month = Number(found?.[1]);
  if (!found || month < 1 || month > 12) return { error: EXPIRY_INCOMPLETE_MESSAGE };
  const year = found[2]!.length === 2 ? 2000 + Number(found[2]) : Number(found[2]);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return { error: EXPIRY_PAST_MESSAGE };
  return { month, year };
};

/** "Visa •••• 4242, expires 12/2034". */
export const describeCard = (method: StripePaymentMethod): string => {
  const brand = method.card.brand === 'unknown' ? 'Card' : method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1);
  return `${brand} •••• ${method.card.last4}, expires ${String(method.card.exp_month).padStart(2, '0')}/${method.card.exp_year}`;
};

export const buildCardPaymentMethod = (p: { digits: string; customer: string; expiry: { month: number; year: number }; created: number }): StripePaymentMethod => {
  const brand = cardBrand(p.digits);
  return {
    id: newId('pm', 24),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      exp_month: p.expiry.month,
      exp_year: p.expiry.year,
      fingerprint: newId('fp', 16).slice(3),
      funding: 'credit',
      generated_from: null,
      last4: p.digits.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: p.created,
    customer: p.customer,
    livemode: false,
    metadata: {},
    type: 'card',
  };
};
