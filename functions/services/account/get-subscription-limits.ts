import { subscriptionLimits, type SubscriptionLimits } from '../../../shared/account/subscription.js';
import { tierOf } from '../../../shared/tiers.js';
import { requireActiveProfile } from '../auth/current-user.js';
import type { AuthContext } from '../context.js';

/**
 * The caller's monitor cap and usage, read where createMonitor enforces them: the profile's tier
 * and the `monitor_count` the monitor transactions keep (monitor-repository.ts).
 */
export const getSubscriptionLimits = async ({ ctx }: { ctx: AuthContext }): Promise<SubscriptionLimits> => {
  const profile = await requireActiveProfile(ctx);
  return subscriptionLimits(tierOf(profile.subscription_tier), profile.monitor_count);
};
