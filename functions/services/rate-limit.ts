import { AppError } from '../../shared/errors.js';
import { countOf } from '../../shared/texts.js';
import { takeRateLimitSlot } from '../repositories/rate-limit-repository.js';

/**
 * Fixed-window rate limits: at most `limit` uses per subject (a user, a sender address) in each
 * window of `windowSeconds`, windows aligned to the epoch. A burst may straddle two windows (up to
 * twice the limit in a short span); that is fine for the abuse these guard against, and one counter
 * item per window keeps the check to a single conditional write.
 */
export type { RateLimitRule } from './rate-limit-rule.js';
import type { RateLimitRule } from './rate-limit-rule.js';

/** Scopes counted per user id: account erasure removes their counters (services/auth/delete-account.ts). */
export const USER_SCOPES = {
  testNotification: 'notification_test',
  channelConfirmation: 'channel_confirmation',
  periodEndFailureLog: 'period_end_failure_log',
  /** Contact messages sent signed in (docs/product-rules.md "Priority support"). */
  supportMessage: 'support_message',
} as const;

export const fixedWindow = (now: Date, windowSeconds: number): { start: Date; end: Date } => {
  const size = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start: new Date(start), end: new Date(start + size) };
};

/** "1 minute", "12 minutes": how long until `until`, rounded up to whole minutes. */
export const minutesUntil = (now: Date, until: Date): string => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return countOf(minutes, 'minute');
};

/**
 * Counts one use for `subject`, or throws 429 with the detail `tooMany` writes from the wait
 * ("12 minutes") when the window is full.
 */
export const enforceRateLimit = async (
  rule: RateLimitRule,
  subject: string,
  now: Date,
  tooMany: (wait: string) => string,
): Promise<void> => {
  const window = fixedWindow(now, rule.windowSeconds);
  const allowed = await takeRateLimitSlot({
    scope: rule.scope,
    subject,
    windowStart: window.start,
    windowEnd: window.end,
    limit: rule.limit,
  });
  if (!allowed) throw new AppError('RATE_LIMITED', tooMany(minutesUntil(now, window.end)));
};
