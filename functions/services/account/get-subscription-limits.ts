import { subscriptionLimits, type SubscriptionLimits } from '../../../shared/account/subscription.js';
import { tierOf } from '../../../shared/tiers.js';
import type { CallerContext } from '../context.js';

/**
 * The caller's monitor cap and usage, read where createMonitor enforces them: the profile's tier
 * and the `monitor_count` the monitor transactions keep (monitor-repository.ts).
 */
export const getSubscriptionLimits = async ({ ctx }: { ctx: CallerContext }): Promise<SubscriptionLimits> => {
  return subscriptionLimits(tierOf(ctx.profile.subscription_tier), ctx.profile.monitor_count);
};
