import { describe, expect, it } from 'vitest';
import {
  downgradeOffers,
  downgradeTargets,
  isPaidTier,
  limitState,
  downgradePrice,
  monitorAllowance,
  monitorImpactText,
  scheduledChangeText,
  scheduledTier,
  upgradeOffers,
} from '../../../frontend/src/features/settings/utils/plans';

const limits = (used: number, cap: number) => ({ at_limit: used >= cap, limits: { monitors: cap }, usage: { monitors: used }, tier: 'pro' as const });

describe('upgrade offers (docs/product-rules.md "Upgrades")', () => {
  it('offers every tier above the user\'s: all to free, business and enterprise to pro, enterprise to business, nothing to enterprise', () => {
    expect(upgradeOffers('free')).toEqual(['pro', 'business', 'enterprise']);
    expect(upgradeOffers('pro')).toEqual(['business', 'enterprise']);
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

  it('says the real number of the user\'s monitors a move disables, from their count against the new cap', () => {
    expect(monitorImpactText(10, 'free')).toBe('Your 9 newest monitors will be disabled (you have 10; the Free plan allows 1).');
    expect(monitorImpactText(2, 'free')).toBe('Your newest monitor will be disabled (you have 2; the Free plan allows 1).');
    expect(monitorImpactText(1, 'free')).toBe('Your 1 monitor fits the Free plan: it will not be disabled.');
    expect(monitorImpactText(7, 'pro')).toBe('Your 7 monitors fit the Pro plan: none of them will be disabled.');
    expect(monitorImpactText(0, 'pro')).toBe('You have no monitors yet, so none will be disabled.');
    expect(monitorImpactText(undefined, 'pro')).toBe('Monitors beyond the 10 monitors of the Pro plan will be disabled, the newest first.');
  });

  it('prices a downgrade in the currency and period the user pays now', () => {
    expect(downgradePrice('pro', { gateway: 'stripe', billing_period: 'monthly' })).toBe('$19/month');
    expect(downgradePrice('pro', { gateway: 'razorpay', billing_period: 'monthly' })).toBe('₹1,599/month');
    expect(downgradePrice('pro', { gateway: 'razorpay', billing_period: 'yearly' })).toBe('₹15,350/year');
    expect(downgradePrice('free', { gateway: 'razorpay', billing_period: 'monthly' })).toBe('₹0/month');
    expect(downgradePrice('business', null)).toBe('$49/month');
  });

  it('shows Subscription Management to paid tiers only', () => {
    expect(isPaidTier('free')).toBe(false);
    expect(['pro', 'business', 'enterprise'].every((tier) => isPaidTier(tier as 'pro'))).toBe(true);
  });
});

describe('plan wording', () => {
  it('words the allowance', () => {
    expect(monitorAllowance(1)).toBe('1 monitor');
    expect(monitorAllowance(500)).toBe('500 monitors');
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
