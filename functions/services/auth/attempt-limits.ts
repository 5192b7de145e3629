import { AppError } from '../../../shared/errors.js';
import { countOf } from '../../../shared/texts.js';

/**
 * How often an e-mail address may try to sign in or be sent auth mail, and the arithmetic of it.
 * Limits count per address whether or not an account has it, so a refusal says nothing about who
 * is registered. Counters live in fixed windows (keys.ts pattern 19).
 */
export interface AttemptLimit {
  /** The rate-limit scope in the key. */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/**
 * "Repeated failures are slowed down": 5 failed sign-ins per address from one client IP in 15
 * minutes (keys.ts 19b). The rule (docs/security.md "Abuse limits") counts failures "per address and per IP, so nobody can
 * lock out a known address with five bad guesses"; we read that as the pair (address, IP) plus a
 * separate count per IP over all addresses: a count per address alone would let anyone lock its
 * owner out. Only failures count: the right password takes its attempt back.
 */
export const LOGIN_ATTEMPTS: AttemptLimit = { scope: 'login', limit: 5, windowSeconds: 15 * 60 };

/** Failed sign-ins from one client IP, whatever the address: stops one network trying many accounts. */
export const LOGIN_FAILURES_PER_IP: AttemptLimit = { scope: 'login_ip', limit: 30, windowSeconds: 15 * 60 };

/** Enough for a mail that went missing, too few to flood someone's inbox. */
export const VERIFICATION_MAILS: AttemptLimit = { scope: 'verification_mail', limit: 3, windowSeconds: 15 * 60 };
export const RESET_MAILS: AttemptLimit = { scope: 'reset_mail', limit: 3, windowSeconds: 15 * 60 };

/** Every scope counted per e-mail address (account erasure removes them all). */
export const ADDRESS_SCOPES = [LOGIN_ATTEMPTS.scope, VERIFICATION_MAILS.scope, RESET_MAILS.scope] as const;

export interface FixedWindow {
  start: Date;
  end: Date;
  previousStart: Date;
  /** How much of the window has gone by, 0 (inclusive) to 1 (exclusive). */
  elapsed: number;
}

/** The window of `windowSeconds` that contains `now`, aligned to the epoch. */
export const fixedWindowAt = (now: Date, windowSeconds: number): FixedWindow => {
  const length = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / length) * length;
  return {
    start: new Date(start),
    end: new Date(start + length),
    previousStart: new Date(start - length),
    elapsed: (now.getTime() - start) / length,
  };
};

/**
 * Sign-in attempts are judged over the last 15 minutes, not the current window alone (which would
 * let 5 attempts just before a window boundary and 5 just after pass): the previous window counts
 * with the share of it that lies inside the last 15 minutes. This is how many attempts the current
 * window may already hold for one more to be allowed; below 0, none is.
 */
export const maxAttemptsBefore = (limit: number, previousCount: number, elapsed: number): number =>
  limit - 1 - previousCount * (1 - elapsed);

/** When one more attempt would be allowed, if none is made meanwhile. */
export const nextAttemptAllowedAt = (
  limit: number,
  window: FixedWindow,
  previousCount: number,
  currentCount: number,
): Date => {
  const length = window.end.getTime() - window.start.getTime();
  const room = limit - 1 - currentCount;
  if (room >= 0) {
    // Later in this window, once enough of the previous one has slid out.
    const elapsedNeeded = previousCount > 0 ? Math.max(window.elapsed, 1 - room / previousCount) : window.elapsed;
    return new Date(window.start.getTime() + Math.ceil(elapsedNeeded * length));
  }
  // In the next window, once enough of this one has slid out.
  const elapsedNeeded = Math.max(0, 1 - (limit - 1) / currentCount);
  return new Date(window.end.getTime() + Math.ceil(elapsedNeeded * length));
};

/** Whole minutes from `now` to `until`, at least 1. */
export const minutesUntil = (now: Date, until: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));


/** Too many failed sign-ins from one network, whatever the address. */
export const tooManyFailuresFromNetwork = (minutes: number): AppError =>
  new AppError('RATE_LIMITED', `Too many failed sign-ins from your network. Please try again in ${countOf(minutes, 'minute')}.`);

/** Sign-in and change-password share the count: both are guesses at the same password. */
export const tooManyPasswordAttempts = (minutes: number): AppError =>
  new AppError('RATE_LIMITED', `Too many failed password attempts. Please try again in ${countOf(minutes, 'minute')}.`);

export const tooManyEmails = (minutes: number): AppError =>
  new AppError('RATE_LIMITED', `Too many emails were requested for this address. Please try again in ${countOf(minutes, 'minute')}.`);
