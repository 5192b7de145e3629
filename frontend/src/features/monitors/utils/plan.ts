import type { SubscriptionLimits } from '@shared/account/subscription.js';
import type { ErrorCode } from '@shared/errors.js';
import { countOf } from '@shared/texts.js';
import { APPROACHING_LIMIT_RATIO, monitorLimitReachedText, TIER_IDS, TIERS, type TierId } from '@shared/tiers.js';
import { ApiError } from '@/lib/api-client';

export type LimitLevel = 'reached' | 'approaching';

/** The limit banner's titles (docs/product-rules.md "Tiers and caps"). */
export const LIMIT_BANNER_TITLE: Record<LimitLevel, string> = {
  reached: 'Monitor Limit Reached',
  approaching: 'Approaching Monitor Limit',
};

/** docs/product-rules.md "Tiers and caps": at the limit -> Monitor Limit Reached; usage at or above 80 % -> Approaching Monitor Limit. */
export const limitLevel = (limits: SubscriptionLimits | undefined): LimitLevel | null => {
  if (!limits) return null;
  const { monitors: cap } = limits.limits;
  const { monitors: used } = limits.usage;
  if (limits.at_limit || (cap > 0 && used >= cap)) return 'reached';
  if (cap > 0 && used / cap >= APPROACHING_LIMIT_RATIO) return 'approaching';
  return null;
};

/** At (or over) the monitor limit: why no monitor can be added, as the server would say; else null. */
export const limitReachedReason = (limits: SubscriptionLimits | undefined): string | null =>
  limitLevel(limits) === 'reached' && limits ? monitorLimitReachedText(TIERS[limits.tier]) : null;

/** Over the cap (monitors kept from a bigger plan), not merely at it. */
export const isOverLimit = (limits: SubscriptionLimits): boolean => limits.usage.monitors > limits.limits.monitors;

const PLAN_CODES: readonly ErrorCode[] = ['MONITOR_LIMIT_REACHED', 'PLAN_INTERVAL_NOT_ALLOWED'];

/**
 * docs/product-rules.md "Error catalogue": "A save error mentioning the monitor limit or the plan switches to the upgrade view."
 * Read as the words themselves (the server's two plan texts both name the plan), and also by the
 * error codes behind them, so a reworded detail keeps working.
 */
export const isPlanLimitError = (error: unknown): boolean => {
  if (!(error instanceof ApiError)) return false;
  if (error.code && (PLAN_CODES as readonly string[]).includes(error.code)) return true;
  return error.detail !== null && /monitor limit|\bplans?\b/i.test(error.detail);
};

/**
 * The plans offered in the upgrade view: every tier that allows more monitors than the current
 * one. (The two readings of upgrade offers, docs/product-rules.md "Upgrades", are about the settings page; here the user hit a
 * cap, so each bigger cap is a way forward.)
 */
export const upgradeTierIds = (current: TierId): TierId[] =>
  TIER_IDS.filter((id) => TIERS[id].monitorCap > TIERS[current].monitorCap);

/** The caps per tier in the bulk upload's text (docs/product-rules.md "Bulk upload"): "Free 1 monitor, Pro 10 monitors, ...". */
export const tierCapsText = (): string => TIER_IDS.map((id) => `${TIERS[id].name} ${countOf(TIERS[id].monitorCap, 'monitor')}`).join(', ');

/** "You are using 1 of 1 monitors on the Free plan." */
export const usageText = (limits: SubscriptionLimits): string =>
  `You are using ${limits.usage.monitors} of ${countOf(limits.limits.monitors, 'monitor')} on the ${TIERS[limits.tier].name} plan.`;
