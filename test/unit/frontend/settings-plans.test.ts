import { describe, expect, it } from 'vitest';
import {
  downgradeOffers,
  downgradeTargets,
  isPaidTier,
  limitState,
  monitorAllowance,
  monitorsDisabledAtMost,
  monthlyPrice,
  scheduledChangeText,
  scheduledTier,
  upgradeOffers,
} from '../../../frontend/src/features/settings/utils/plans';

const limits = (used: number, cap: number) => ({ at_limit: used >= cap, limits: { monitors: cap }, usage: { monitors: used }, tier: 'pro' as const });

describe('upgrade offers (docs/product-rules.md "Upgrades", reading b)', () => {
  it('offers every paid plan to free, business to pro, enterprise to business, and nothing to enterprise', () => {
    expect(upgradeOffers('free')).toEqual(['pro', 'business', 'enterprise']);
    expect(upgradeOffers('pro')).toEqual(['business']);
    expect(upgradeOffers('business')).toEqual(['enterprise']);
    expect(upgradeOffers('enterprise')).toEqual([]);
  });
});

describe('downgrades (docs/product-rules.md "Downgrades and cancellation")', () => {
  it('lists every lower tier, highest first, and none for free', () => {
    expect(downgradeTargets('enterprise')).toEqual(['business', 'pro', 'free']);
    expect(downgradeTargets('business')).toEqual(['pro', 'free']);
    expect(downgradeTargets('pro')).toEqual(['free']);
    expect(downgradeTargets('free')).toEqual([]);
  });

  it("warns of the product's numbers of monitors that may be disabled", () => {
    expect(monitorsDisabledAtMost('enterprise', 'business')).toBe(450);
    expect(monitorsDisabledAtMost('enterprise', 'pro')).toBe(490);
    expect(monitorsDisabledAtMost('enterprise', 'free')).toBe(499);
    expect(monitorsDisabledAtMost('business', 'free')).toBe(49);
    expect(monitorsDisabledAtMost('pro', 'free')).toBe(9);
    expect(monitorsDisabledAtMost('business', 'pro')).toBe(40);
  });

  it('shows Subscription Management to paid tiers only', () => {
    expect(isPaidTier('free')).toBe(false);
    expect(['pro', 'business', 'enterprise'].every((tier) => isPaidTier(tier as 'pro'))).toBe(true);
  });
});

describe('plan wording', () => {
  it('words the allowance and the monthly price', () => {
    expect(monitorAllowance(1)).toBe('1 monitor');
    expect(monitorAllowance(500)).toBe('500 monitors');
    expect(monthlyPrice(19)).toBe('$19/month');
    expect(monthlyPrice(0)).toBe('$0/month');
  });

  it('says the limit is reached at the cap and approaching from 80 percent', () => {
    expect(limitState(limits(1, 1))).toBe('reached');
    expect(limitState(limits(8, 10))).toBe('approaching');
    expect(limitState(limits(7, 10))).toBe('ok');
    expect(limitState(limits(0, 1))).toBe('ok');
  });
});

describe('a downgrade already scheduled (docs/billing.md)', () => {
  const subscription = (scheduled: 'free' | 'pro' | 'business' | null, cancelled = false) => ({
    gateway: 'razorpay' as const,
    billing_period: 'monthly' as const,
    status: 'active' as const,
    current_period_end: '2026-06-01T12:00:00.000Z',
    cancel_at_period_end: cancelled,
    scheduled_tier: scheduled,
    resumable: true,
  });

  it('reads the plan the period end brings: Free once cancelled, else the scheduled one', () => {
    expect(scheduledTier(null)).toBeNull();
    expect(scheduledTier(undefined)).toBeNull();
    expect(scheduledTier(subscription(null))).toBeNull();
    expect(scheduledTier(subscription('pro'))).toBe('pro');
    expect(scheduledTier(subscription('free', true))).toBe('free');
    expect(scheduledTier(subscription(null, true))).toBe('free');
  });

  it('offers every other downgrade, none once the plan ends on Free', () => {
    expect(downgradeOffers('enterprise', null)).toEqual(['business', 'pro', 'free']);
    expect(downgradeOffers('enterprise', 'pro')).toEqual(['business', 'free']);
    expect(downgradeOffers('business', 'pro')).toEqual(['free']);
    expect(downgradeOffers('business', 'free')).toEqual([]);
    expect(downgradeOffers('pro', 'free')).toEqual([]);
  });

  it('says when the plan changes, in the display timezone', () => {
    expect(scheduledChangeText('pro', '2026-06-01T12:00:00.000Z', 'UTC')).toBe('Your plan changes to Pro on Jun 1, 2026.');
    expect(scheduledChangeText('free', null)).toBe('Your plan changes to Free at the end of your billing period.');
  });
});
