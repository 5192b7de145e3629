import { TIER_IDS, tierOf, yearlyPrice, type TierId } from '../tiers.js';
import type { BillingPeriod, Currency } from './payments.js';

/**
 * What each paid plan costs and which moves between tiers are allowed (docs/billing.md "Rules";
 * docs/product-rules.md "Checkout"): prices come from shared/tiers.ts, in minor units.
 */
export const PAID_TIER_IDS = ['pro', 'business', 'enterprise'] as const;
export type PaidTierId = (typeof PAID_TIER_IDS)[number];

export const tierRank = (tier: TierId): number => TIER_IDS.indexOf(tier);

export const isPaidTier = (tier: string): tier is PaidTierId => (PAID_TIER_IDS as readonly string[]).includes(tier);

/** The price of one period in minor units: card in USD, UPI in INR; yearly = the pricing page's yearly price. */
export const planAmount = (tier: PaidTierId, period: BillingPeriod, currency: Currency): number => {
  const monthly = currency === 'usd' ? tierOf(tier).priceUsd : tierOf(tier).priceInr;
  return (period === 'yearly' ? yearlyPrice(monthly) : monthly) * 100;
};

/** Allowed downgrades (docs/product-rules.md "Downgrades and cancellation"): enterprise -> business, pro, free; business -> pro, free; pro -> free. */
export const DOWNGRADES: Readonly<Record<TierId, readonly TierId[]>> = {
  free: [],
  pro: ['free'],
  business: ['pro', 'free'],
  enterprise: ['business', 'pro', 'free'],
};

export const canDowngrade = (from: TierId, to: TierId): boolean => DOWNGRADES[from].includes(to);

/** Stripe price lookup key of a plan: `upwatch_<tier>_<period>_<currency>`. */
export const priceLookupKey = (tier: PaidTierId, period: BillingPeriod, currency: Currency): string =>
  `upwatch_${tier}_${period}_${currency}`;

/** The plan a lookup key names, or null when it is not one of ours. */
export const parsePriceLookupKey = (key: string | null | undefined): { tier: PaidTierId; period: BillingPeriod } | null => {
  const found = /^upwatch_(pro|business|enterprise)_(monthly|yearly)_(usd|inr)$/.exec(key ?? '');
  return found ? { tier: found[1] as PaidTierId, period: found[2] as BillingPeriod } : null;
};
