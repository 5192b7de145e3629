import type { BillingPeriod, Currency } from './payments.js';

/**
 * The unused part of a paid period, refunded when a subscription is replaced by one paid another
 * way (docs/billing.md "Switching the way of paying"). One rule for the preview the checkout shows
 * and for the refund the provider makes, so the two agree.
 */

/** The smallest refund each provider makes, minor units: Stripe $0.50, Razorpay ₹1. */
export const REFUND_MINIMUM: Record<Currency, number> = { usd: 50, inr: 100 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a period that ends at `end` began: one calendar month or year earlier (UTC), as both
 * providers bill; a day the shorter month lacks is its last day (Mar 31 -> Feb 28).
 */
export const periodStartOf = (end: Date, period: BillingPeriod): Date => {
  const months = period === 'yearly' ? 12 : 1;
  const first = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - months, 1);
  const month = new Date(first);
  const lastDay = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
  const start = new Date(end.getTime());
  start.setUTCFullYear(month.getUTCFullYear(), month.getUTCMonth(), Math.min(end.getUTCDate(), lastDay));
  return start;
};

export interface UnusedPart {
  /** Minor units, in the currency paid; 0 when nothing is refunded. */
  amount: number;
  /** Whole days left in the period, rounded up (shown as "for N days"). */
  days: number;
}

/**
 * paid × (period end − at) / (period end − period start), rounded down to the minor unit; nothing
 * when the period is over or the amount is under the provider's minimum.
 */
export const unusedPart = (opts: { paid: number; currency: Currency; periodStart: Date; periodEnd: Date; at: Date }): UnusedPart => {
  const length = opts.periodEnd.getTime() - opts.periodStart.getTime();
  const left = Math.min(length, opts.periodEnd.getTime() - opts.at.getTime());
  if (length <= 0 || left <= 0 || opts.paid <= 0) return { amount: 0, days: 0 };
  const amount = Math.floor((opts.paid * left) / length);
  if (amount < REFUND_MINIMUM[opts.currency]) return { amount: 0, days: 0 };
  return { amount, days: Math.ceil(left / DAY_MS) };
};
