import { TIER_IDS, TIERS, type Tier, type TierId } from '../tiers.js';

/**
 * What the paid subscription behind the tier says now (docs/billing.md): how it is paid, when its
 * period ends, and what is scheduled for then (a downgrade, or the move to Free of a cancellation).
 */
export interface SubscriptionSummary {
  gateway: 'stripe' | 'razorpay';
  billing_period: 'monthly' | 'yearly';
  status: 'incomplete' | 'active' | 'past_due';
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_tier: TierId | null;
  /** Whether what is scheduled can still be taken back (POST /api/subscription/resume; docs/billing.md "Resume and undo"). */
  resumable: boolean;
  /**
   * What a new checkout would refund of this subscription if it were paid now: the unused part of
   * the period, in the currency paid (minor units), and the days it covers; null when nothing would
   * be (docs/billing.md "Switching the way of paying"). Optional: older answers lack it.
   */
  unused_refund?: { amount: number; currency: 'usd' | 'inr'; days: number } | null;
}

/**
 * Subscription limits (docs/product-rules.md "Tiers and caps"): the Monitors page's limit banner and the bulk-upload text;
 * beyond the first description, `subscription` (null on a plan no provider subscription pays for) for Settings.
 */
export interface SubscriptionLimits {
  at_limit: boolean;
  limits: { monitors: number };
  usage: { monitors: number };
  tier: TierId;
  subscription?: SubscriptionSummary | null;
}

export const subscriptionLimits = (tier: Tier, monitorCount: number): SubscriptionLimits => ({
  at_limit: monitorCount >= tier.monitorCap,
  limits: { monitors: tier.monitorCap },
  usage: { monitors: monitorCount },
  tier: tier.id,
});

/** A plan as GET /api/subscription/packages shows it (docs/product-rules.md "Tiers and caps"), plus its monitor cap. */
export interface Package {
  name: string;
  /** Per month. */
  price_usd: number;
  /** Per month. */
  price_inr: number;
  features: string[];
  monitor_limit: number;
}

export type Packages = Record<TierId, Package>;

/** Every tier, keyed by its id, from shared/tiers.ts. */
export const packagesOf = (tiers: Readonly<Record<TierId, Tier>> = TIERS): Packages =>
  Object.fromEntries(
    TIER_IDS.map((id) => {
      const tier = tiers[id];
      const offer: Package = {
        name: tier.name,
        price_usd: tier.priceUsd,
        price_inr: tier.priceInr,
        features: [...tier.features],
        monitor_limit: tier.monitorCap,
      };
      return [id, offer];
    }),
  ) as Packages;
