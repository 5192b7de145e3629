import type { Package, Packages } from '@shared/account/subscription.js';
import { TIER_IDS, yearlyPrice, type TierId } from '@shared/tiers.js';
import type { BillingPeriod, PaymentMethod } from '@/lib/checkout';

export type { BillingPeriod };

/** The pricing page (docs/product-rules.md "Public pages and policies"): the yearly price is 12 months less 20 percent, rounded. */
export const YEARLY_DISCOUNT_PERCENT = 20;

export interface Plan extends Package {
  id: TierId;
}

/** The four plans in tier order, free first. */
export const plansOf = (packages: Packages): Plan[] => TIER_IDS.map((id) => ({ id, ...packages[id] }));

export interface PlanPrice {
  /** What the visitor pays per period, in the plan's currency. */
  amount: number;
  period: 'month' | 'year';
  /** Saved per year against 12 monthly payments; 0 when monthly or free. */
  yearlySaving: number;
}

export const planPrice = (monthlyUsd: number, billing: BillingPeriod): PlanPrice => {
  if (billing === 'monthly') return { amount: monthlyUsd, period: 'month', yearlySaving: 0 };
  const amount = yearlyPrice(monthlyUsd);
  // Rounded to cents: 12 × 19.99 is not exact in floating point.
  return { amount, period: 'year', yearlySaving: Math.round((monthlyUsd * 12 - amount) * 100) / 100 };
};

/** "$19", "$3,830", "$19.99": whole dollars without cents. */
export const formatUsd = (amount: number): string =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);

/** A plan's monthly price in the currency of the way of paying: USD by card, INR by UPI (docs/product-rules.md "Checkout"). */
export const monthlyPriceFor = (plan: Pick<Plan, 'price_usd' | 'price_inr'>, method: PaymentMethod): number =>
  method === 'upi' ? plan.price_inr : plan.price_usd;
