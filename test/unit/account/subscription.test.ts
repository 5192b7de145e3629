import { describe, expect, it } from 'vitest';
import { packagesOf, subscriptionLimits } from '../../../shared/account/subscription.js';
import { TIER_IDS, TIERS } from '../../../shared/tiers.js';

describe('subscriptionLimits', () => {
  it('reports the cap, the usage and the tier, under the cap', () => {
    expect(subscriptionLimits(TIERS.pro, 3)).toEqual({ at_limit: false, limits: { monitors: 10 }, usage: { monitors: 3 }, tier: 'pro' });
  });

  it('is at the limit when usage reaches the cap, and stays so above it (after a downgrade)', () => {
    expect(subscriptionLimits(TIERS.free, 1).at_limit).toBe(true);
    expect(subscriptionLimits(TIERS.free, 4)).toMatchObject({ at_limit: true, usage: { monitors: 4 }, limits: { monitors: 1 } });
  });
});

describe('packagesOf', () => {
  it('keys every tier by its id with the product\'s fields, from the tier table', () => {
    const packages = packagesOf();
    expect(Object.keys(packages)).toEqual([...TIER_IDS]);
    expect(packages.pro).toEqual({
      name: 'Pro',
      price_usd: 19,
      price_inr: TIERS.pro.priceInr,
      features: [...TIERS.pro.features],
      monitor_limit: 10,
    });
    expect(packages.free.price_usd).toBe(0);
    expect(packages.enterprise.price_usd).toBe(399);
  });

  it('lists the product\'s feature claims and the monitor cap of each tier', () => {
    const packages = packagesOf();
    expect(packages.free.features).toEqual(expect.arrayContaining(['1 monitor', 'E-mail alerts', 'Basic dashboard']));
    expect(packages.business.features).toEqual(expect.arrayContaining(['50 monitors', 'API access', 'Priority support']));
    expect(packages.enterprise.features).toEqual(expect.arrayContaining(['500 monitors', 'SLA guarantee', '3-year data retention']));
  });
});
