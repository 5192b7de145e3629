import type { Package, SubscriptionLimits, SubscriptionSummary } from '@shared/account/subscription.js';
import { downgradeTargets, isPaidTier, planAmount } from '@shared/billing/plans.js';
import { countOf } from '@shared/texts.js';
import { APPROACHING_LIMIT_RATIO, TIERS, type TierId } from '@shared/tiers.js';
import { METHOD_GATEWAY, type PaymentMethod } from '@/lib/checkout';
import { formatMonthlyPrice, formatPrice, type MoneyCurrency } from '@/utils/money';
import { formatDate } from '@/utils/time';

/** The tier rules live in shared/billing/plans.ts; Settings reads them from here. */
export { downgradeTargets, isPaidTier, upgradeOffers } from '@shared/billing/plans.js';

/**
 * The plan the end of the paid period brings, when a change is scheduled there (docs/billing.md):
 * Free for a cancellation (or a downgrade to Free), else the smaller plan of a scheduled downgrade.
 */
export const scheduledTier = (subscription: SubscriptionSummary | null | undefined): TierId | null => {
  if (!subscription) return null;
  if (subscription.cancel_at_period_end) return 'free';
  return subscription.scheduled_tier;
};

/**
 * The downgrade cards still worth offering: none once the plan is cancelled (it ends on Free), and
 * never the very downgrade already scheduled (the server refuses it with 409).
 */
export const downgradeOffers = (tier: TierId, scheduled: TierId | null): TierId[] =>
  scheduled === 'free' ? [] : downgradeTargets(tier).filter((target) => target !== scheduled);

/** Subscription Management's note of a scheduled change: "Your plan changes to Pro on June 1, 2026." */
export const scheduledChangeText = (scheduled: TierId, when: string | null, timeZone?: string | null): string =>
  `Your plan changes to ${TIERS[scheduled].name} ${when ? `on ${formatDate(when, timeZone)}` : 'at the end of your billing period'}.`;

/** "1 monitor", "10 monitors". */
export const monitorAllowance = (count: number): string => countOf(count, 'monitor');

/**
 * A downgrade card's price (docs/billing.md "The web app"): the smaller plan in the currency and
 * period the user pays now, since that is what the subscription moves to (rupees for UPI, dollars
 * by card or with no subscription behind the plan): "$19/month", "₹15,350/year".
 */
export const downgradePrice = (target: TierId, subscription: Pick<SubscriptionSummary, 'gateway' | 'billing_period'> | null | undefined): string => {
  const currency: MoneyCurrency = subscription?.gateway === 'razorpay' ? 'inr' : 'usd';
  const period = subscription?.billing_period ?? 'monthly';
  const amount = isPaidTier(target) ? planAmount(target, period, currency) / 100 : 0;
  return `${formatPrice(amount, currency)}/${period === 'yearly' ? 'year' : 'month'}`;
};

/** A plan's monthly price as the chosen way of paying shows it: USD by card, INR by UPI (docs/product-rules.md "Checkout"). */
export const offerPrice = (plan: Pick<Package, 'price_usd' | 'price_inr'>, method: PaymentMethod): { amount: number; currency: MoneyCurrency } => {
  const currency = METHOD_GATEWAY[method].currency;
  return { amount: currency === 'inr' ? plan.price_inr : plan.price_usd, currency };
};

/** The upgrade button (docs/product-rules.md "Checkout"): "Upgrade to $19/month", "Upgrade to ₹1,599/month". */
export const upgradeLabel = (plan: Pick<Package, 'price_usd' | 'price_inr'>, method: PaymentMethod): string => {
  const { amount, currency } = offerPrice(plan, method);
  return `Upgrade to ${formatMonthlyPrice(amount, currency)}`;
};

/** The user's own monitors a move to `target` would disable: those beyond its cap (newest first). */
export const monitorsOverCap = (used: number, target: TierId): number => Math.max(0, used - TIERS[target].monitorCap);

/**
 * What a move to `target` does to the user's own monitors (docs/product-rules.md "Downgrades and
 * cancellation"): the real number, from their monitor count against the new cap, never a "worst
 * case" that a second line then contradicts. Unknown while the limits load: the rule, no number.
 */
export const monitorImpactText = (used: number | undefined, target: TierId): string => {
  const { name, monitorCap } = TIERS[target];
  if (used === undefined) return `Monitors beyond the ${monitorAllowance(monitorCap)} of the ${name} plan will be disabled, the newest first.`;
  if (used === 0) return 'You have no monitors yet, so none will be disabled.';
  const over = monitorsOverCap(used, target);
  if (over === 0) return used === 1 ? `Your 1 monitor fits the ${name} plan: it will not be disabled.` : `Your ${monitorAllowance(used)} fit the ${name} plan: none of them will be disabled.`;
  const which = over === 1 ? 'newest monitor' : `${over} newest monitors`;
  return `Your ${which} will be disabled (you have ${used}; the ${name} plan allows ${monitorCap}).`;
};

/** docs/product-rules.md "Downgrades and cancellation": how a downgrade went: now (with the monitors disabled), or scheduled for its date. */
export const downgradeMessage = (
  target: TierId,
  result: { immediate: boolean; effective_date: string | null; impact: { monitors_disabled: number } },
  timeZone?: string | null,
): string => {
  const name = TIERS[target].name;
  if (result.immediate) {
    const disabled = result.impact.monitors_disabled;
    return `Your plan has been downgraded to ${name}. ${disabled === 0 ? 'No monitors were' : `${monitorAllowance(disabled)} ${disabled === 1 ? 'was' : 'were'}`} disabled.`;
  }
  const when = result.effective_date ? formatDate(result.effective_date, timeZone) : 'the end of your billing period';
  const later = result.impact.monitors_disabled;
  // Scheduled, `monitors_disabled` counts the monitors that will be disabled on that date.
  const monitors = later > 0 ? ` On that date ${monitorAllowance(later)} will be disabled.` : '';
  return `Your downgrade to ${name} is scheduled for ${when}. Your current plan stays active until then.${monitors}`;
};

/** docs/product-rules.md "Downgrades and cancellation": a cancelled subscription stays active to the end of the billing period. */
export const cancellationMessage = (tier: TierId, endsAt: string | null, timeZone?: string | null): string =>
  `Your subscription has been cancelled. ${TIERS[tier].name} stays active until ${
    endsAt ? formatDate(endsAt, timeZone) : 'the end of your billing period'
  }; then your account moves to Free.`;

export type LimitState = 'reached' | 'approaching' | 'ok';

/** docs/product-rules.md "Tiers and caps": at the limit, "Monitor Limit Reached"; at or above 80 percent, "Approaching Monitor Limit". */
export const limitState = (limits: SubscriptionLimits): LimitState => {
  if (limits.at_limit) return 'reached';
  const cap = limits.limits.monitors;
  return cap > 0 && limits.usage.monitors / cap >= APPROACHING_LIMIT_RATIO ? 'approaching' : 'ok';
};
