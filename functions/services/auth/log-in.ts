import type { LoginInput, LoginResponse } from '../../../shared/auth/schemas.js';
import { AppError } from '../../../shared/errors.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { revokeSessionQuietly, signInWithPassword } from '../../repositories/identity-session-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { expiresInSeconds, readAccessToken } from './access-token.js';
import { clearPasswordAttempts, takePasswordAttempt } from './address-limits.js';
import { accountDeactivated, emailNotVerified, invalidCredentials } from './auth-errors.js';
import { takeSecondStep } from './second-factor.js';
import { openSession } from './sessions.js';
import { toUser } from './user-view.js';

/**
 * Sign-in with e-mail and password through Cognito, then the second step when the account has
 * two-factor sign-in (docs/security.md "Two-factor sign-in").
 *
 * A wrong password is always the same 401 "Incorrect email or password", whatever the account's
 * state: only a right password learns that the account is unverified or deactivated
 * (docs/security.md "Sign-in refusals"). On AWS Cognito refuses a disabled identity before it looks
 * at the password, so there such an account always gets the 401; cognito-local ignores the
 * disabled flag, and the profile decides after the password.
 *
 * With two-factor sign-in on, a right password without a code answers 401 TWO_FACTOR_REQUIRED, and
 * the SPA sends the password again with the code; a wrong, used or replayed code is 401
 * TWO_FACTOR_CODE_INVALID. The Cognito session opened to check the password is revoked whenever it
 * is not handed out. Repeated failures are slowed down: every attempt counts first against the
 * address from this client IP (429 after 5 in 15 minutes) and against the IP (30), and only a
 * completed sign-in (or a right password that is told the account's state) takes them back
 * (address-limits.ts), so failed codes count like wrong passwords.
 */
export const logIn = async ({ input, clientIp, userAgent }: { input: LoginInput; clientIp: string; userAgent?: string }): Promise<LoginResponse> => {
  const email = normalizeEmail(input.email);
  const attempt = { email, clientIp };
  await takePasswordAttempt(attempt);
  const outcome = await signInWithPassword(email, input.password);

  if (outcome.status === 'rejected') throw invalidCredentials();
  if (outcome.status === 'challenge') {
    await clearPasswordAttempts(attempt);
    throw new AppError('FORBIDDEN', 'This account needs a new password. Use "Forgot your password?" to set one.');
  }

  const { tokens } = outcome;
  const refuse = async (error: AppError, passwordWasRight: boolean): Promise<never> => {
    if (tokens.refreshToken) await revokeSessionQuietly(tokens.refreshToken);
    if (passwordWasRight) await clearPasswordAttempts(attempt);
    throw error;
  };
  const token = readAccessToken(tokens.accessToken);
  const profile = await getUserProfile(token.sub);
  // An identity without a profile is the remains of a failed registration, not an account.
  if (!profile || !tokens.refreshToken) return refuse(invalidCredentials(), false);
  if (!profile.email_verified) return refuse(emailNotVerified(), true);
  if (!profile.is_active) return refuse(accountDeactivated(), true);
  const { refusal } = await takeSecondStep(profile.id, input.code);
  if (refusal) return refuse(refusal, false);
  await clearPasswordAttempts(attempt);
  await openSession({ tokens, clientIp, userAgent });

  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: expiresInSeconds(tokens.expiresIn, token),
    token_type: 'Bearer',
    user: toUser(profile, token.isAdmin),
  };
};
