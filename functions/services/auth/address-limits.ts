import { eraseAddressCounters } from '../../repositories/account-erasure-repository.js';
import { clearWindows, countAttempt, countInWindow, uncountAttempt, type CounterWindow } from '../../repositories/attempt-counter-repository.js';
import { takeRateLimitSlot } from '../../repositories/rate-limit-repository.js';
import type { AppError } from '../../../shared/errors.js';
import { clientNetworkOf } from '../../../shared/api/client-address.js';
import { logger } from '../../observability/logger.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import {
  fixedWindowAt,
  LOGIN_ATTEMPTS,
  LOGIN_FAILURES_PER_IP,
  maxAttemptsBefore,
  minutesUntil,
  nextAttemptAllowedAt,
  tooManyEmails,
  tooManyFailuresFromNetwork,
  tooManyPasswordAttempts,
  type AttemptLimit,
} from './attempt-limits.js';

/**
 * Who is guessing a password: the account's address and the client IP the request came from,
 * counted as its network (`clientNetworkOf`: an IPv6 client by its /64).
 */
export interface PasswordAttempt {
  email: string;
  clientIp: string;
}

/**
 * Counts one attempt in the window of `limit` that holds `now`, judged over the last window length
 * (attempt-limits.ts `maxAttemptsBefore`); throws `refusal` with the wait when none is left.
 */
const takeSlidingAttempt = async (
  limit: AttemptLimit,
  subject: { subject: string; from?: string },
  now: Date,
  refusal: (minutes: number) => AppError,
): Promise<CounterWindow> => {
  const window = fixedWindowAt(now, limit.windowSeconds);
  const counter: CounterWindow = { scope: limit.scope, ...subject, start: window.start, end: window.end };
  const previous = await countInWindow(limit.scope, subject.subject, window.previousStart, subject.from);
  if ((await countAttempt(counter, maxAttemptsBefore(limit.limit, previous, window.elapsed))) !== null) return counter;
  const current = await countInWindow(limit.scope, subject.subject, window.start, subject.from);
  throw refusal(minutesUntil(now, nextAttemptAllowedAt(limit.limit, window, previous, current)));
};

/**
 * Counts a password attempt before Cognito sees the password (sign-in, and the current password in
 * change-password), for the address from this client IP and for the IP over all addresses.
 * Counting first, in a conditional write, means a burst of parallel guesses gets no more tries than
 * a patient one. 429 once either is used up. The right password takes the attempt back
 * (`clearPasswordAttempts`), so in effect only failures count.
 */
export const takePasswordAttempt = async ({ email, clientIp: address }: PasswordAttempt, now: Date = new Date()): Promise<void> => {
  const clientIp = clientNetworkOf(address);
  let pair: CounterWindow;
  try {
    pair = await takeSlidingAttempt(LOGIN_ATTEMPTS, { subject: email, from: clientIp }, now, tooManyPasswordAttempts);
  } catch (error) {
    await recordLockout(LOGIN_ATTEMPTS, `${email}#${clientIp}`, now, { email, client_ip: clientIp });
    throw error;
  }
  try {
    await takeSlidingAttempt(LOGIN_FAILURES_PER_IP, { subject: clientIp }, now, tooManyFailuresFromNetwork);
  } catch (error) {
    await uncountAttempt(pair);
    await recordLockout(LOGIN_FAILURES_PER_IP, clientIp, now, { email, client_ip: clientIp });
    throw error;
  }
};

/**
 * Password guessing that hit a limit is an auth anomaly for the operators' error log (docs/admin.md):
 * recorded once per locked-out address and IP (or IP) and window, not at every refused try, so a
 * guesser cannot flood the log. Never throws: the 429 stands whatever happens here.
 */
const recordLockout = async (limit: AttemptLimit, subject: string, now: Date, context: { email: string; client_ip: string }): Promise<void> => {
  try {
    const window = fixedWindowAt(now, limit.windowSeconds);
    const first = await takeRateLimitSlot({
      scope: `${limit.scope}_lockout_log`,
      subject,
      windowStart: window.start,
      windowEnd: window.end,
      limit: 1,
    });
    if (!first) return;
  } catch (error) {
    logger.error('Could not count a sign-in lockout for the error log', { scope: limit.scope, error });
    return;
  }
  await recordApplicationError({
    type: 'auth_error',
    message:
      limit === LOGIN_ATTEMPTS
        ? `Sign-in locked: ${limit.limit} wrong passwords for ${context.email} from ${context.client_ip} in ${limit.windowSeconds / 60} minutes`
        : `Sign-in locked: ${limit.limit} failed sign-ins from ${context.client_ip} in ${limit.windowSeconds / 60} minutes`,
    context: { ...context, reason: limit === LOGIN_ATTEMPTS ? 'too_many_password_attempts' : 'too_many_failures_from_network' },
  });
};

/**
 * The password was right: the address's earlier failures from this IP no longer count, and this
 * attempt is taken back from the IP's count (its other failures stay: signing in to one's own
 * account must not wash out guesses at others).
 */
export const clearPasswordAttempts = async ({ email, clientIp: address }: PasswordAttempt, now: Date = new Date()): Promise<void> => {
  const clientIp = clientNetworkOf(address);
  const pair = fixedWindowAt(now, LOGIN_ATTEMPTS.windowSeconds);
  const ip = fixedWindowAt(now, LOGIN_FAILURES_PER_IP.windowSeconds);
  await Promise.all([
    clearWindows(LOGIN_ATTEMPTS.scope, email, [pair.previousStart, pair.start], clientIp),
    uncountAttempt({ scope: LOGIN_FAILURES_PER_IP.scope, subject: clientIp, start: ip.start, end: ip.end }),
  ]);
};

/** A password reset proves the mailbox: every failed sign-in of the address, from anywhere, is forgotten. */
export const clearAddressFailures = async (email: string): Promise<void> => {
  await eraseAddressCounters(email, [LOGIN_ATTEMPTS.scope]);
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
