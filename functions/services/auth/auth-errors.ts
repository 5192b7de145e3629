import { TWO_FACTOR_TEXT } from '../../../shared/auth/two-factor.js';
import { AppError } from '../../../shared/errors.js';

/** The auth flows' refusals, worded once so every path says the same thing. */

export const emailTaken = (): AppError => new AppError('EMAIL_TAKEN', 'An account with this email already exists');

export const invalidCredentials = (): AppError => new AppError('INVALID_CREDENTIALS', 'Incorrect email or password');

export const emailNotVerified = (): AppError =>
  new AppError(
    'EMAIL_NOT_VERIFIED',
    'Please verify your email before logging in. Check your inbox for the verification link.',
  );

export const accountDeactivated = (): AppError => new AppError('FORBIDDEN', 'This account has been deactivated');

export const invalidVerificationLink = (): AppError =>
  new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired. Request a new one.');

export const invalidResetLink = (): AppError =>
  new AppError('INVALID_TOKEN', 'This password reset link is invalid or has expired. Request a new one.');

/** A reset link that already set a password: it works once (docs/product-rules.md "Auth flows and token lifetimes"). */
export const usedResetLink = (): AppError =>
  new AppError('INVALID_TOKEN', 'This password reset link has already been used. Request a new one if you need to reset your password again.');

export const wrongCurrentPassword = (field = 'current_password'): AppError =>
  new AppError('VALIDATION_FAILED', 'Current password is incorrect', [{ field, message: 'Current password is incorrect' }]);

export const newPasswordNotDifferent = (): AppError =>
  new AppError('VALIDATION_FAILED', 'New password must be different from the current password', [
    { field: 'new_password', message: 'New password must be different from the current password' },
  ]);

export const sessionNoLongerValid = (): AppError => new AppError('UNAUTHORIZED', 'Session is no longer valid');

export const sessionExpired = (): AppError => new AppError('UNAUTHORIZED', 'Your session has expired. Please log in again.');

/** A signed-in request of an account deactivated since its token was issued (functions/http/caller.ts). */
export const deactivatedSession = (): AppError => new AppError('UNAUTHORIZED', 'This account has been deactivated');

/** A signed-in request of an account whose address is not verified (never, or not any more). */
export const unverifiedSession = (): AppError =>
  new AppError('UNAUTHORIZED', 'Please verify your email before logging in. Check your inbox for the verification link.');

/** A right password of an account with two-factor sign-in, sent without a code (docs/security.md "Two-factor sign-in"). */
export const twoFactorRequired = (): AppError => new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_TEXT.codeRequired);

/** A right password with a wrong, used or replayed code. */
export const twoFactorCodeInvalid = (): AppError => new AppError('TWO_FACTOR_CODE_INVALID', TWO_FACTOR_TEXT.codeWrong);
