import { describe, expect, it } from 'vitest';
import { TIERS } from '../../../shared/tiers.js';
import {
  assertIntervalAllowed,
  describeInterval,
  intervalNotAllowed,
  monitorLimitReached,
} from '../../../functions/services/monitors/plan-rules.js';

describe('monitorLimitReached', () => {
  it('names the Free plan and one monitor in the singular', () => {
    const error = monitorLimitReached(TIERS.free);
    expect(error.status).toBe(403);
    expect(error.code).toBe('MONITOR_LIMIT_REACHED');
    expect(error.detail).toBe('Monitor limit reached: your Free plan allows 1 monitor. Upgrade your plan to add more.');
  });

  it('uses the plural for caps above one', () => {
    expect(monitorLimitReached(TIERS.pro).detail).toContain('your Pro plan allows 10 monitors.');
    expect(monitorLimitReached(TIERS.enterprise).detail).toContain('Enterprise plan allows 500 monitors.');
  });

  it.each(Object.values(TIERS))('mentions "monitor limit" and the plan name for $name', (tier) => {
    const detail = monitorLimitReached(tier).detail;
    expect(detail.toLowerCase()).toContain('monitor limit');
    expect(detail).toContain(tier.name);
  });
});

describe('interval floor', () => {
  it('words the Free floor as every 5 minutes', () => {
    const error = intervalNotAllowed(TIERS.free);
    expect(error.status).toBe(400);
    expect(error.code).toBe('PLAN_INTERVAL_NOT_ALLOWED');
    expect(error.detail).toBe(
      'The Free plan checks at most every 5 minutes. Choose a longer interval or upgrade your plan.',
    );
  });

  it('words the Pro floor as every minute', () => {
    expect(intervalNotAllowed(TIERS.pro).detail).toContain('The Pro plan checks at most every minute.');
  });

  it.each([
    [30, '30 seconds'],
    [60, 'minute'],
    [300, '5 minutes'],
    [90, '90 seconds'],
    [3600, 'hour'],
    [7200, '2 hours'],
  ])('describes %i s as "%s"', (seconds, words) => {
    expect(describeInterval(seconds)).toBe(words);
  });

  it('rejects a free plan interval under 5 minutes and accepts 5 minutes', () => {
    expect(() => assertIntervalAllowed(TIERS.free, 60)).toThrow(/Free plan checks at most every 5 minutes/);
    expect(() => assertIntervalAllowed(TIERS.free, 300)).not.toThrow();
  });

  it('lets business use 30-second checks', () => {
    expect(() => assertIntervalAllowed(TIERS.business, 30)).not.toThrow();
  });
});
