import { clearWindows, countAttempt, countInWindow } from '../../repositories/attempt-counter-repository.js';
import { takeRateLimitSlot } from '../../repositories/rate-limit-repository.js';
import {
  fixedWindowAt,
  LOGIN_ATTEMPTS,
  maxAttemptsBefore,
  minutesUntil,
  nextAttemptAllowedAt,
  tooManyEmails,
  tooManyPasswordAttempts,
  type AttemptLimit,
} from './attempt-limits.js';

/**
 * Counts a password attempt for an address before Cognito sees the password (sign-in, and the
 * current password in change-password). Counting first, in a conditional write, means a burst of
 * parallel guesses gets no more tries than a patient one. 429 once the address has used up its
 * attempts; the right password clears the count (`clearPasswordAttempts`).
 */
export const takePasswordAttempt = async (email: string, now: Date = new Date()): Promise<void> => {
  const { scope, limit, windowSeconds } = LOGIN_ATTEMPTS;
  const window = fixedWindowAt(now, windowSeconds);
  const previous = await countInWindow(scope, email, window.previousStart);
  const counted = await countAttempt(
    { scope, subject: email, start: window.start, end: window.end },
    maxAttemptsBefore(limit, previous, window.elapsed),
  );
  if (counted !== null) return;
  const current = await countInWindow(scope, email, window.start);
  throw tooManyPasswordAttempts(minutesUntil(now, nextAttemptAllowedAt(limit, window, previous, current)));
};

/** The password was right: earlier failures no longer count against the address. */
export const clearPasswordAttempts = async (email: string, now: Date = new Date()): Promise<void> => {
  const window = fixedWindowAt(now, LOGIN_ATTEMPTS.windowSeconds);
  await clearWindows(LOGIN_ATTEMPTS.scope, email, [window.previousStart, window.start]);
};

/** Takes one of the address's mail slots for `limit`; 429 with the wait when they are used up. */
export const takeMailSlot = async (limit: AttemptLimit, email: string, now: Date = new Date()): Promise<void> => {
  const window = fixedWindowAt(now, limit.windowSeconds);
  const taken = await takeRateLimitSlot({
    scope: limit.scope,
    subject: email,
    windowStart: window.start,
    windowEnd: window.end,
    limit: limit.limit,
  });
  if (!taken) throw tooManyEmails(minutesUntil(now, window.end));
};
