import { z } from 'zod';
import { TIER_IDS } from '../tiers.js';
import { BILLING_PERIODS, CURRENCIES, PAYMENT_GATEWAYS, type PaymentHistoryEntry } from './payments.js';
import { PAID_TIER_IDS, type PaidTierId } from './plans.js';

/** Request and response shapes of the billing calls (docs/billing.md "API"). */

export const CheckoutSessionInput = z.object({
  package_id: z.enum(PAID_TIER_IDS, { error: 'package_id must be pro, business or enterprise' }),
  payment_gateway: z.enum(PAYMENT_GATEWAYS, { error: 'payment_gateway must be stripe or razorpay' }),
  currency: z.enum(CURRENCIES, { error: 'currency must be usd or inr' }).default('usd'),
  origin_url: z.string({ error: 'origin_url is required' }).trim().min(1, 'origin_url is required').max(2048),
  billing_period: z.enum(BILLING_PERIODS, { error: 'billing_period must be monthly or yearly' }).default('monthly'),
});
export type CheckoutSessionInput = z.infer<typeof CheckoutSessionInput>;

/** Card: `{url, session_id}`; UPI: `{subscription_id, key_id, amount, currency, name, description, prefill}`. */
export type CheckoutSessionResponse =
  | { url: string; session_id: string }
  | {
      subscription_id: string;
      key_id: string;
      amount: number;
      currency: 'INR';
      name: string;
      description: string;
      prefill: { email: string };
    };

export const CheckoutStatusQuery = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS, { error: 'gateway must be stripe or razorpay' }).default('stripe'),
});

/** POST /api/payments/checkout/cancel: the checkout the user gave up on (its `payment_id`, from the checkout's answer or the cancel URL). */
export const CheckoutCancelInput = z.object({
  payment_id: z.string({ error: 'payment_id is required' }).regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'payment_id is not a payment id'),
});
export type CheckoutCancelInput = z.infer<typeof CheckoutCancelInput>;

/** Provider ids: `cs_...`, `sub_...` and the like; anything else cannot be a checkout. */
export const CheckoutIdParam = z.string().regex(/^[A-Za-z0-9_]{3,255}$/);

export interface CheckoutStatusResponse {
  payment_status: 'paid' | 'unpaid' | 'pending';
  gateway_status: string;
}

export const DowngradeInput = z.object({
  target_tier: z.enum(TIER_IDS, { error: 'target_tier must be free, pro, business or enterprise' }),
  reason: z.string().trim().max(500, 'reason is too long (500 characters at most)').nullish(),
  immediate: z.boolean({ error: 'immediate must be true or false' }).default(false),
});
export type DowngradeInput = z.infer<typeof DowngradeInput>;

export interface DowngradeResponse {
  immediate: boolean;
  /** ISO time the lower tier takes (or took) effect. */
  effective_date: string;
  impact: { monitors_disabled: number };
  message: string;
}

export const CancelInput = z.object({
  reason: z.string().trim().max(500, 'reason is too long (500 characters at most)').nullish(),
  immediate: z.boolean({ error: 'immediate must be true or false' }).default(false),
});
export type CancelInput = z.infer<typeof CancelInput>;

export interface CancelResponse {
  immediate: boolean;
  effective_date: string;
  message: string;
}

/** POST /api/subscription/resume: the plan kept, what was taken back, and when it renews. */
export interface ResumeResponse {
  tier: PaidTierId;
  current_period_end: string;
  undone: 'cancellation' | 'downgrade';
  message: string;
}

export interface PaymentHistoryResponse {
  payments: PaymentHistoryEntry[];
}
