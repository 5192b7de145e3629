/**
 * Billing periods of the local providers. A subscription's n-th period starts at its anchor plus n
 * intervals; a day past the end of a shorter month is clamped to that month's last day (Jan 31 ->
 * Feb 28 -> Mar 31), as Stripe's and Razorpay's billing cycles do.
 */
export type Interval = 'month' | 'year';

export const addMonths = (unixSeconds: number, months: number): number => {
  const start = new Date(unixSeconds * 1000);
  const target = new Date(start.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
};

/** The start of period `cycle` (0 = the first) of a subscription anchored at `anchor`. */
export const periodStart = (anchor: number, interval: Interval, cycle: number): number =>
  addMonths(anchor, cycle * (interval === 'year' ? 12 : 1));

export const DAY_SECONDS = 24 * 60 * 60;

/**
 * Dunning (operator policy, docs/billing.md): a failed renewal is retried 3 times over 7 days, here
 * 2, 4 and 7 days after the first failure; the 4th failed attempt ends the subscription.
 */
export const RETRY_OFFSETS_DAYS = [2, 4, 7] as const;
export const MAX_PAYMENT_ATTEMPTS = RETRY_OFFSETS_DAYS.length + 1;

/** When the attempt after `failedAttempts` failures is due, or null when there is none left. */
export const nextAttemptAt = (firstFailureAt: number, failedAttempts: number): number | null => {
  const offset = RETRY_OFFSETS_DAYS[failedAttempts - 1];
  return offset === undefined ? null : firstFailureAt + offset * DAY_SECONDS;
};
