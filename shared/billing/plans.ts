import { TIER_IDS, tierOf, yearlyPrice, type TierId } from '../tiers.js';
import type { BillingPeriod, Currency } from './payments.js';

/**
 * What each paid plan costs and which moves between tiers are allowed (docs/billing.md "Rules";
 * docs/product-rules.md "Checkout"): prices come from shared/tiers.ts, in minor units.
 */
const [, ...paidTierIds] = TIER_IDS;
/** Every tier but Free, cheapest first: the tiers a checkout sells and a subscription pays for. */
export const PAID_TIER_IDS = paidTierIds;
export type PaidTierId = (typeof PAID_TIER_IDS)[number];

export const tierRank = (tier: TierId): number => TIER_IDS.indexOf(tier);

export const isPaidTier = (tier: string): tier is PaidTierId => (PAID_TIER_IDS as readonly string[]).includes(tier);

/** The price of one period in minor units: card in USD, UPI in INR; yearly = the pricing page's yearly price. */
export const planAmount = (tier: PaidTierId, period: BillingPeriod, currency: Currency): number => {
  const monthly = currency === 'usd' ? tierOf(tier).priceUsd : tierOf(tier).priceInr;
  return (period === 'yearly' ? yearlyPrice(monthly) : monthly) * 100;
};

/**
 * Upgrade offers by tier (docs/product-rules.md "Upgrades"): every tier sees every tier above it,
 * and Enterprise gets a congratulatory notice instead. A Pro user sees Enterprise beside Business:
 * hiding it sent them to the pricing page for the one plan Settings would not sell them.
 */
const UPGRADES: Readonly<Record<TierId, readonly PaidTierId[]>> = {
  free: PAID_TIER_IDS,
  pro: ['business', 'enterprise'],
  business: ['enterprise'],
  enterprise: [],
};

export const upgradeOffers = (tier: TierId): readonly PaidTierId[] => UPGRADES[tier];

/** Allowed downgrades: every lower tier, highest first (enterprise -> business, pro, free; pro -> free). */
export const downgradeTargets = (tier: TierId): TierId[] => TIER_IDS.slice(0, tierRank(tier)).reverse();

export const canDowngrade = (from: TierId, to: TierId): boolean => downgradeTargets(from).includes(to);

/** The admin dashboard's revenue figure of one paid tier, `pro_revenue` and so on. */
export type TierRevenueKey = `${PaidTierId}_revenue`;
export const tierRevenueKey = (tier: PaidTierId): TierRevenueKey => `${tier}_revenue`;

/** Estimated monthly revenue in USD of `users` on `tier`: users x the tier's monthly price. */
export const monthlyRevenueUsd = (tier: TierId, users: number): number => users * tierOf(tier).priceUsd;

/** Stripe price lookup key of a plan: `upwatch_<tier>_<period>_<currency>`. */
export const priceLookupKey = (tier: PaidTierId, period: BillingPeriod, currency: Currency): string =>
  `upwatch_${tier}_${period}_${currency}`;

const LOOKUP_KEY = new RegExp(`^upwatch_(${PAID_TIER_IDS.join('|')})_(monthly|yearly)_(usd|inr)$`);

/** The plan a lookup key names, or null when it is not one of ours. */
export const parsePriceLookupKey = (key: string | null | undefined): { tier: PaidTierId; period: BillingPeriod } | null => {
  const found = LOOKUP_KEY.exec(key ?? '');
  return found ? { tier: found[1] as PaidTierId, period: found[2] as BillingPeriod } : null;
};
