import { describe, expect, it } from 'vitest';
import { expiresAt, isExpired, retentionSeconds } from '../../../shared/checks/retention.js';
import { TIER_IDS } from '../../../shared/tiers.js';

const checkedAt = new Date('2026-03-02T10:00:05.750Z');
const checkedAtSeconds = Math.floor(checkedAt.getTime() / 1000);

describe('expiresAt', () => {
  it.each([
    ['free', 30],
    ['pro', 90],
    ['business', 365],
    ['enterprise', 3 * 365],
  ] as const)('keeps %s check results %i days', (tier, days) => {
    expect(expiresAt(checkedAt, tier)).toBe(checkedAtSeconds + days * 86_400);
  });

  it('is in whole epoch seconds, as DynamoDB TTL wants', () => {
    for (const tier of TIER_IDS) expect(Number.isInteger(expiresAt(checkedAt, tier))).toBe(true);
  });

  it('keeps results longer on every higher tier', () => {
    const seconds = TIER_IDS.map(retentionSeconds);
    expect([...seconds].sort((a, b) => a - b)).toEqual(seconds);
  });
});

describe('isExpired', () => {
  it('is expired from the TTL second on, even before DynamoDB removes the item', () => {
    const ttl = expiresAt(checkedAt, 'free');
    expect(isExpired(ttl, new Date((ttl - 1) * 1000))).toBe(false);
    expect(isExpired(ttl, new Date(ttl * 1000))).toBe(true);
  });
});
