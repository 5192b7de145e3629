import { ulid } from 'ulid';
import type { CreateMonitorInput, Monitor } from '../../../shared/monitors/schemas.js';
import { tierOf } from '../../../shared/tiers.js';
import { insertMonitorWithinCap } from '../../repositories/monitor-repository.js';
import { requireActiveProfile } from '../auth/current-user.js';
import type { AuthContext } from '../context.js';
import { assertIntervalAllowed, monitorLimitReached } from './plan-rules.js';
import { assertTargetAllowed } from './target-rules.js';

const newMonitor = (input: CreateMonitorInput, now: Date): Monitor => ({
  id: ulid(now.getTime()),
  name: input.name,
  url: input.url,
  status: 'active',
  is_up: null,
  response_time: null,
  check_interval: input.check_interval,
  timeout: input.timeout,
  last_checked: null,
  latest_incident: null,
  created_at: now.toISOString(),
});

/**
 * Adds a monitor within the caller's plan, if its URL is one we may check (target-rules.ts). The
 * interval floor is checked here, the monitor cap in the same transaction that stores the monitor
 * (so parallel requests cannot overshoot it). If that transaction is refused, the profile is read
 * again: at the cap -> 403; the plan changed in between -> one more try under the new plan.
 */
export const createMonitor = async ({ ctx, input }: { ctx: AuthContext; input: CreateMonitorInput }): Promise<Monitor> => {
  assertTargetAllowed(input.url);
  let profile = await requireActiveProfile(ctx);
  for (let attempt = 1; ; attempt++) {
    const tier = tierOf(profile.subscription_tier);
    assertIntervalAllowed(tier, input.check_interval);

    const now = new Date();
    const monitor = newMonitor(input, now);
    // Due at once: the next dispatcher tick (within a minute) gives the new monitor its first check.
    const outcome = await insertMonitorWithinCap({
      userId: ctx.userId,
      monitor,
      tierId: tier.id,
      cap: tier.monitorCap,
      firstCheckAt: now,
    });
    if (outcome === 'created') return monitor;

    const latest = await requireActiveProfile(ctx);
    const planChanged = latest.subscription_tier !== profile.subscription_tier;
    if (!planChanged || attempt >= 2) throw monitorLimitReached(tierOf(latest.subscription_tier));
    profile = latest;
  }
};
