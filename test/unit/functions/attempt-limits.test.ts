import { describe, expect, it } from 'vitest';
import {
  fixedWindowAt,
  LOGIN_ATTEMPTS,
  maxAttemptsBefore,
  minutesUntil,
  nextAttemptAllowedAt,
  tooManyEmails,
  tooManyPasswordAttempts,
} from '../../../functions/services/auth/attempt-limits.js';

const QUARTER = 15 * 60;
const at = (iso: string) => new Date(iso);

describe('fixedWindowAt', () => {
  it('aligns 15-minute windows to the clock and says how far into the window we are', () => {
    const window = fixedWindowAt(at('2025-03-01T10:20:00.000Z'), QUARTER);
    expect(window.start.toISOString()).toBe('2025-03-01T10:15:00.000Z');
    expect(window.end.toISOString()).toBe('2025-03-01T10:30:00.000Z');
    expect(window.previousStart.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(window.elapsed).toBeCloseTo(1 / 3);
  });

  it('puts the boundary instant at the start of the new window', () => {
    const window = fixedWindowAt(at('2025-03-01T10:30:00.000Z'), QUARTER);
    expect(window.start.toISOString()).toBe('2025-03-01T10:30:00.000Z');
    expect(window.elapsed).toBe(0);
  });
});

describe('maxAttemptsBefore', () => {
  it('allows 5 attempts in a window that follows a quiet one', () => {
    // The 5th attempt finds 4 and may go; the 6th finds 5 and may not.
    expect(maxAttemptsBefore(5, 0, 0.5)).toBe(4);
  });

  it('counts the part of the previous window that is still within the last 15 minutes', () => {
    // 5 failures just before the boundary: right after it, nothing more is allowed.
    expect(maxAttemptsBefore(5, 5, 0)).toBeLessThan(0);
    // Two thirds of the way through the next window only a third of them still count.
    expect(maxAttemptsBefore(5, 5, 2 / 3)).toBeCloseTo(4 - 5 / 3);
  });
});

describe('nextAttemptAllowedAt', () => {
  it('is the start of the next window when this window alone used up the attempts and the one before was quiet', () => {
    const window = fixedWindowAt(at('2025-03-01T10:20:00.000Z'), QUARTER);
    // 5 in this window: the next window must be 1/5 gone before 4 of them weigh little enough.
    expect(nextAttemptAllowedAt(5, window, 0, 5).toISOString()).toBe('2025-03-01T10:33:00.000Z');
  });

  it('is later in this window when the previous one holds the failures', () => {
    const window = fixedWindowAt(at('2025-03-01T10:16:00.000Z'), QUARTER);
    // 5 failures in the previous window, none here: allowed once 1/5 of them has slid out.
    expect(nextAttemptAllowedAt(5, window, 5, 0).toISOString()).toBe('2025-03-01T10:18:00.000Z');
  });

  it('is now when an attempt is allowed now', () => {
    const now = at('2025-03-01T10:20:00.000Z');
    expect(nextAttemptAllowedAt(5, fixedWindowAt(now, QUARTER), 0, 2).getTime()).toBe(now.getTime());
  });

  it('never waits longer than the window plus a fifth of it with the login limit', () => {
    const now = at('2025-03-01T10:15:00.000Z');
    const until = nextAttemptAllowedAt(LOGIN_ATTEMPTS.limit, fixedWindowAt(now, QUARTER), 0, LOGIN_ATTEMPTS.limit);
    expect(minutesUntil(now, until)).toBe(18);
  });
});

describe('minutesUntil and the 429 texts', () => {
  it('rounds up to whole minutes, at least 1', () => {
    expect(minutesUntil(at('2025-03-01T10:00:00Z'), at('2025-03-01T10:00:01Z'))).toBe(1);
    expect(minutesUntil(at('2025-03-01T10:00:00Z'), at('2025-03-01T10:00:00Z'))).toBe(1);
    expect(minutesUntil(at('2025-03-01T10:00:00Z'), at('2025-03-01T10:14:30Z'))).toBe(15);
  });

  it('says how long to wait, in the singular for one minute', () => {
    expect(tooManyPasswordAttempts(1)).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Too many failed password attempts. Please try again in 1 minute.',
    });
    expect(tooManyEmails(7).detail).toBe('Too many emails were requested for this address. Please try again in 7 minutes.');
  });
});
