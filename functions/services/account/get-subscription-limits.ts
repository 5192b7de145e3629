import { subscriptionLimits, type SubscriptionLimits } from '../../../shared/account/subscription.js';
import { tierOf } from '../../../shared/tiers.js';
import { getSubscription, isLiveSubscription } from '../../repositories/subscription-repository.js';
import { unusedRefundOf } from '../billing/refund-replaced.js';
import { subscriptionSummaryOf } from '../billing/subscription-summary.js';
import type { CallerContext } from '../context.js';

/**
 * The caller's monitor cap and usage, read where createMonitor enforces them: the profile's tier
 * and the `monitor_count` the monitor transactions keep (monitor-repository.ts); plus the paid
 * subscription's period and what is scheduled at its end, and whether that can still be taken back,
 * so Settings can say so (docs/billing.md "Resume and undo").
 */
export const getSubscriptionLimits = async ({ ctx }: { ctx: CallerContext }): Promise<SubscriptionLimits> => {
  const record = await getSubscription(ctx.workspaceId);
  const now = new Date();
  // What a checkout paid now would refund of the live subscription it replaces (docs/billing.md "Switching the way of paying").
  const unused = isLiveSubscription(record) ? await unusedRefundOf(record, now) : null;
  const summary = subscriptionSummaryOf(record, now);
  const subscription = summary && {
    ...summary,
    unused_refund: unused ? { amount: unused.amount, currency: unused.payment.currency, days: unused.days } : null,
  };
  return { ...subscriptionLimits(tierOf(ctx.account.subscription_tier), ctx.account.monitor_count), subscription };
};
