import type { SubscriptionLimits } from '../../../../../shared/account/subscription.js';
import { APPROACHING_LIMIT_RATIO, TIER_IDS, TIERS, type TierId } from '../../../../../shared/tiers.js';

/**
 * Upgrade offers by tier. Spec §4 gives two readings: (a) free sees pro, business and enterprise,
 * pro sees business only, and everyone else is told they are already on the highest tier; (b) the
 * same for free and pro, but business sees enterprise and enterprise gets a congratulatory notice.
 * We take (b): under (a) a Business user would be told they are on the highest tier while
 * Enterprise exists above them, which is untrue and hides the one upgrade they could still make.
 */
const UPGRADES: Record<TierId, readonly TierId[]> = {
  free: ['pro', 'business', 'enterprise'],
  pro: ['business'],
  business: ['enterprise'],
  enterprise: [],
};

export const upgradeOffers = (tier: TierId): readonly TierId[] => UPGRADES[tier];

/** Spec §4: enterprise to business, pro or free; business to pro or free; pro to free. Highest first. */
export const downgradeTargets = (tier: TierId): TierId[] => TIER_IDS.slice(0, TIER_IDS.indexOf(tier)).reverse();

export const isPaidTier = (tier: TierId): boolean => TIERS[tier].priceUsd > 0;

/** Spec §9's downgrade warnings: at most the difference of the two caps is disabled (enterprise to pro: 490). */
export const monitorsDisabledAtMost = (from: TierId, to: TierId): number =>
  Math.max(0, TIERS[from].monitorCap - TIERS[to].monitorCap);

/** "1 monitor", "10 monitors". */
export const monitorAllowance = (count: number): string => `${count} ${count === 1 ? 'monitor' : 'monitors'}`;

/** "$19/month": prices are per month in USD (spec §9). */
export const monthlyPrice = (usd: number): string => `$${usd}/month`;

export type LimitState = 'reached' | 'approaching' | 'ok';

/** Spec §9: at the limit, "Monitor Limit Reached"; at or above 80 percent, "Approaching Monitor Limit". */
export const limitState = (limits: SubscriptionLimits): LimitState => {
  if (limits.at_limit) return 'reached';
  const cap = limits.limits.monitors;
  return cap > 0 && limits.usage.monitors / cap >= APPROACHING_LIMIT_RATIO ? 'approaching' : 'ok';
};
