import { z } from 'zod';
import { plainName } from '../validation.js';
import { resolveTimezone } from '../account/timezones.js';
import { PASSWORD_MIN_LENGTH, TEXT } from '../texts.js';
import { TIER_IDS } from '../tiers.js';
import { TwoFactorCode } from './two-factor.js';

const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/**
 * The browser's time zone at registration (`Intl.DateTimeFormat().resolvedOptions().timeZone`), so a
 * new account's mails and screens show the same times from the first day (docs/product-rules.md
 * "Auth flows and token lifetimes"). Never a reason to refuse a registration: a zone that is missing,
 * not a string, too long or unknown to the runtime is null, the default of an account with none
 * chosen (mails in UTC, screens in the browser's zone).
 */
export const RegistrationTimezone = z
  .unknown()
  .optional()
  .transform((value): string | null => {
    if (typeof value !== 'string' || value.trim() === '' || value.trim().length > 64) return null;
    try {
      return resolveTimezone(value.trim());
    } catch {
      // A runtime without Intl.supportedValuesOf cannot list zones: the server, which can, decides.
      return null;
    }
  });

export const RegisterInput = z.object({
  name: plainName(z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long')),
  email: Email,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, TEXT.passwordTooShort)
    .max(256, 'Password is too long'),
  timezone: RegistrationTimezone,
});
/** The registration as checked; `timezone` may be left out by a caller (null: none chosen). */
export type RegisterInput = Omit<z.output<typeof RegisterInput>, 'timezone'> & { timezone?: string | null };

export const LoginInput = z.object({
  email: Email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  /** The second step of an account with two-factor sign-in (docs/security.md "Two-factor sign-in"). */
  code: TwoFactorCode.optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const VerifyEmailQuery = z.object({
  token: z.string({ error: TEXT.missingVerificationToken }).trim().min(1, TEXT.missingVerificationToken).max(200),
});
export type VerifyEmailQuery = z.infer<typeof VerifyEmailQuery>;

export const RefreshSessionInput = z.object({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1, 'refresh_token is required').max(8192),
});
export type RefreshSessionInput = z.infer<typeof RefreshSessionInput>;

/** Logout: the refresh token, when the client has one, is revoked at Cognito too (docs/security.md "Tokens and sessions"). */
export const LogoutInput = z.object({ refresh_token: z.string().min(1).max(8192).optional() });
export type LogoutInput = z.infer<typeof LogoutInput>;

/** Resend verification and forgot password take only the address (docs/product-rules.md "Auth flows and token lifetimes"). */
export const ResendVerificationInput = z.object({ email: Email });
export type ResendVerificationInput = z.infer<typeof ResendVerificationInput>;

export const ForgotPasswordInput = z.object({ email: Email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

const ResetToken = z.string({ error: TEXT.missingResetToken }).trim().min(1, TEXT.missingResetToken).max(200, TEXT.missingResetToken);

/** POST /api/auth/reset-password/check: the reset page asks whether its link still works when it opens. */
export const CheckResetLinkInput = z.object({ token: ResetToken });
export type CheckResetLinkInput = z.infer<typeof CheckResetLinkInput>;

export const ResetPasswordInput = z.object({
  token: ResetToken,
  new_password: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, TEXT.passwordTooShort)
    .max(256, 'Password is too long'),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const ChangePasswordInput = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(256, 'Current password is too long'),
  new_password: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, TEXT.newPasswordTooShort)
    .max(256, 'New password is too long'),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** DELETE /api/auth/delete-account: the current password, so a session left open cannot erase the account. */
export const DeleteAccountInput = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is too long'),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** The signed-in user as the API returns it (`/auth/me`, login). */
export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  timezone: z.string().nullable(),
  subscription_tier: z.enum(TIER_IDS),
  subscription_ends_at: z.string().nullable(),
  email_verified: z.boolean(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof User>;

/**
 * POST /api/auth/change-password: every other session is signed out, and this device gets a new
 * session opened with the new password, so it stays signed in (docs/security.md).
 */
export interface ChangePasswordResponse {
  message: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  user: User;
}
