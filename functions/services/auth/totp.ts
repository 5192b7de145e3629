import { timingSafeEqual } from 'node:crypto';
import { generateSecret, generateSync, generateURI } from 'otplib';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, totpCodeOf } from '../../../shared/auth/two-factor.js';

/**
 * Time-based codes (RFC 6238) as every authenticator app reads them: 6 digits, 30-second steps,
 * HMAC-SHA-1, a 160-bit Base32 secret (docs/security.md "Two-factor sign-in"). A code is accepted
 * for its own step and one step either side (a phone clock a little off, a code typed as it turns);
 * the caller gets the step back so it can refuse the same step twice (no replay).
 */

/** One step either side of now. */
const TOLERANCE_STEPS = 1;

/** A new secret, Base32 (20 random bytes). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The `otpauth://` URI an app scans: issuer Upwatch, the account's address as the label. */
export const otpauthUri = (secret: string, email: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, algorithm: 'sha1' });

/** The step a moment falls in. */
export const totpStepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of one step. */
export const totpCodeForStep = (secret: string, step: number): string =>
  generateSync({ secret, epoch: step * TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, algorithm: 'sha1' });

const sameCode = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step whose code the user typed, among now and one step either side, or null. Every
 * candidate is computed and compared in constant time, so the answer's timing says nothing.
 */
export const matchTotpStep = (secret: string, typed: string, at: Date = new Date()): number | null => {
  const code = totpCodeOf(typed);
  if (!code) return null;
  const now = totpStepAt(at);
  let matched: number | null = null;
  for (let step = now - TOLERANCE_STEPS; step <= now + TOLERANCE_STEPS; step += 1) {
    if (sameCode(totpCodeForStep(secret, step), code) && matched === null) matched = step;
  }
  return matched;
};
