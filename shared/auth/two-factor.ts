import { z } from 'zod';

/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): the numbers every authenticator app
 * reads (RFC 6238: 6 digits, 30-second steps, HMAC-SHA-1), the recovery codes, and the shapes of
 * the Settings -> Security routes. The server and the SPA read the same constants.
 */

/** Digits of a code (otpauth `digits`). */
export const TOTP_DIGITS = 6;

/** Seconds a code lives (otpauth `period`). */
export const TOTP_PERIOD_SECONDS = 30;

/** How many recovery codes an enrolment or a regeneration hands out, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/** The issuer an authenticator app shows next to the account. */
export const TOTP_ISSUER = 'Upwatch';

/**
 * A code as the user types it: six digits (spaces allowed, "123 456"), or a recovery code
 * (`xxxxx-xxxxx`, letters and digits, any case, dash optional). Normalised by `normalizeCode`.
 */
export const TwoFactorCode = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(32, 'That code is too long');

/** Confirming an enrolment, regenerating recovery codes: one current code. */
export const TwoFactorCodeInput = z.object({ code: TwoFactorCode });
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>;

/** Turning two-factor sign-in off: the password and a code (or a recovery code). */
export const DisableTwoFactorInput = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  code: TwoFactorCode,
});
export type DisableTwoFactorInput = z.infer<typeof DisableTwoFactorInput>;

/** GET /api/auth/two-factor: whether it is on and how many recovery codes are left. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

/** POST /api/auth/two-factor/setup: a new secret to scan or type; on only after a first code. */
export interface TwoFactorSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** `otpauth://totp/...`, for the QR code. */
  otpauth_uri: string;
}

/** The recovery codes in clear, shown once (enrolment, regeneration). */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** A six-digit code with its spaces taken out, else null. */
export const totpCodeOf = (typed: string): string | null => {
  const digits = typed.replace(/\s+/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
};

/** A recovery code in its stored form (lower case, no dash or spaces), else null. */
export const recoveryCodeOf = (typed: string): string | null => {
  const plain = typed.replace(/[\s-]+/g, '').toLowerCase();
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null;
};

/** The texts of the two-factor flows, word for word on both sides. */
export const TWO_FACTOR_TEXT = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeWrong: 'That code is not right. Try the current code from your app, or a recovery code.',
  /** At set-up there are no recovery codes yet: they are made once this code is right. */
  setupCodeWrong: 'That code is not right. Try the current code from your app.',
  setupRequiredForOperators: 'Operators must turn on two-factor sign-in before using the admin panel.',
  noSetupToConfirm: 'Start the set-up again: no set-up is waiting for a code.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  operatorsKeepIt: 'Operators must keep two-factor sign-in on.',
} as const;
