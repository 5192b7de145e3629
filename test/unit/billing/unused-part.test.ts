import { describe, expect, it } from 'vitest';
import { periodStartOf, REFUND_MINIMUM, unusedPart } from '../../../shared/billing/unused-part.js';

/** The refund of a replaced subscription's unused part (docs/billing.md "Switching the way of paying"). */
const start = new Date('2026-11-01T00:00:00.000Z');
const end = new Date('2026-12-01T00:00:00.000Z'); // 30 days
const at = (day: number, hours = 0) => new Date(start.getTime() + (day * 24 + hours) * 3_600_000);
const part = (paid: number, when: Date, currency: 'usd' | 'inr' = 'usd') => unusedPart({ paid, currency, periodStart: start, periodEnd: end, at: when });

describe('the unused part of a paid period', () => {
  it('is paid × time left / period length, rounded down to the cent', () => {
    expect(part(1900, at(10))).toEqual({ amount: 1266, days: 20 }); // 1266.67
    expect(part(159900, at(15), 'inr')).toEqual({ amount: 79950, days: 15 });
  });

  it('on the first instant is all of it; on the last day only what is left, days rounded up', () => {
    expect(part(1900, start)).toEqual({ amount: 1900, days: 30 });
    expect(part(4900, at(29, 12))).toEqual({ amount: 81, days: 1 }); // 12 h of 30 days: 81.66
  });

  it('is nothing once the period is over, or for a free payment', () => {
    expect(part(1900, end)).toEqual({ amount: 0, days: 0 });
    expect(part(1900, at(40))).toEqual({ amount: 0, days: 0 });
    expect(part(0, at(1))).toEqual({ amount: 0, days: 0 });
  });

  it('is nothing under the provider minimum ($0.50, ₹1), and the minimum itself is refunded', () => {
    // 1900 × left / 30 d = 49 -> under 50; = 50 -> refunded.
    const leftFor = (cents: number) => new Date(end.getTime() - Math.ceil((cents * 30 * 86_400_000) / 1900));
    expect(part(1900, leftFor(49)).amount).toBe(0);
    expect(part(1900, leftFor(50)).amount).toBe(REFUND_MINIMUM.usd);
    expect(part(159900, new Date(end.getTime() - 60_000), 'inr').amount).toBe(0); // 3 paise
  });

  it('never refunds more than was paid, even when the switch time is before the period began', () => {
    expect(part(1900, new Date(start.getTime() - 86_400_000))).toEqual({ amount: 1900, days: 30 });
  });
});

describe('where a period began', () => {
  it('is a calendar month or year before its end', () => {
    expect(periodStartOf(end, 'monthly').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(periodStartOf(new Date('2027-03-31T08:00:00.000Z'), 'monthly').toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(periodStartOf(new Date('2029-02-28T00:00:00.000Z'), 'yearly').toISOString()).toBe('2028-02-28T00:00:00.000Z');
    expect(periodStartOf(end, 'yearly').toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });
});
