/**
 * When a failed delivery is tried again (docs/alerts.md "Delivery"): quickly at first, then ever
 * more slowly, for 24 hours from its first try; a provider's Retry-After is honoured when it asks
 * for longer. After that the delivery has failed for good.
 */
export const RETRY_DELAYS_SECONDS = [15, 60, 300, 900, 1800, 3600, 7200, 14_400, 21_600] as const;

/** Tries stop this long after the first one. */
export const RETRY_WINDOW_SECONDS = 24 * 3600;

/** A channel is paused after this many deliveries in a row failed for good; its owner is mailed. */
export const PAUSE_AFTER_FAILURES = 10;

/** The back-off after the `attempts`-th try failed (the last delay repeats). */
export const retryDelaySeconds = (attempts: number): number =>
  RETRY_DELAYS_SECONDS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_SECONDS.length) - 1]!;

/**
 * When to try again, or null when the 24 hours from the first try are over: the back-off or the
 * provider's Retry-After, whichever is later.
 */
export const nextTryAt = (opts: { attempts: number; firstAttemptAt: Date; now: Date; retryAfterSeconds?: number | undefined }): Date | null => {
  const delay = Math.max(retryDelaySeconds(opts.attempts), opts.retryAfterSeconds ?? 0);
  const at = new Date(opts.now.getTime() + delay * 1000);
  return at.getTime() - opts.firstAttemptAt.getTime() > RETRY_WINDOW_SECONDS * 1000 ? null : at;
};
