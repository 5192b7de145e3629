import { describe, expect, it } from 'vitest';
import { packagesOf } from '../../../shared/account/subscription';
import { TIERS } from '../../../shared/tiers';
import { BUILT_IN_PACKAGES, parsePackages } from '../../../frontend/src/lib/subscription';
import { formatUsd, planPrice, plansOf } from '../../../frontend/src/features/marketing/utils/pricing';

describe('planPrice', () => {
  it('shows the monthly price as it is', () => {
    expect(planPrice(19, 'monthly')).toEqual({ amount: 19, period: 'month', yearlySaving: 0 });
  });

  it('prices a year at 12 months less 20 %, rounded, and names the saving', () => {
    expect(planPrice(19, 'yearly')).toEqual({ amount: 182, period: 'year', yearlySaving: 46 });
    expect(planPrice(49, 'yearly')).toEqual({ amount: 470, period: 'year', yearlySaving: 118 });
    expect(planPrice(399, 'yearly')).toEqual({ amount: 3830, period: 'year', yearlySaving: 958 });
  });

  it('keeps the free plan at zero with no saving', () => {
    expect(planPrice(0, 'yearly')).toEqual({ amount: 0, period: 'year', yearlySaving: 0 });
  });

  it('rounds a price with cents to whole dollars and the saving to cents', () => {
    expect(planPrice(19.99, 'yearly')).toEqual({ amount: 192, period: 'year', yearlySaving: 47.88 });
  });
});

describe('formatUsd', () => {
  it('writes whole dollars without cents and groups thousands', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(3830)).toBe('$3,830');
  });

  it('keeps cents when there are some', () => {
    expect(formatUsd(47.88)).toBe('$47.88');
    expect(formatUsd(19.9)).toBe('$19.90');
  });
});

describe('plansOf', () => {
  it('lists the four plans in tier order with their ids', () => {
    expect(plansOf(packagesOf()).map((plan) => [plan.id, plan.price_usd])).toEqual([
      ['free', 0],
      ['pro', 19],
      ['business', 49],
      ['enterprise', 399],
    ]);
  });
});

describe('parsePackages', () => {
  it('accepts the packages answer of the API', () => {
    const answer = JSON.parse(JSON.stringify(packagesOf()));
    expect(parsePackages(answer)).toEqual(answer);
  });

  it('refuses an answer missing a tier or with a price that is not a number', () => {
    const { enterprise: _enterprise, ...missing } = packagesOf();
    expect(() => parsePackages(missing)).toThrow();
    expect(() => parsePackages({ ...packagesOf(), pro: { ...packagesOf().pro, price_usd: '19' } })).toThrow();
    expect(() => parsePackages(null)).toThrow();
  });

  it('falls back to the built-in prices of shared/tiers.ts', () => {
    expect(BUILT_IN_PACKAGES.business.price_usd).toBe(TIERS.business.priceUsd);
  });
});
