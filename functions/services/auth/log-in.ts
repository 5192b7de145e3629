import type { LoginInput, LoginResponse } from '../../../shared/auth/schemas.js';
import { AppError } from '../../../shared/errors.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { signInWithPassword } from '../../repositories/identity-session-repository.js';
import { findUserProfileByEmail, getUserProfile } from '../../repositories/user-repository.js';
import { expiresInSeconds, readAccessToken } from './access-token.js';
import { clearPasswordAttempts, takePasswordAttempt } from './address-limits.js';
import { accountDeactivated, emailNotVerified, invalidCredentials } from './auth-errors.js';
import { openSession } from './sessions.js';
import { toUser } from './user-view.js';

/**
 * Sign-in with e-mail and password through Cognito. A refusal is always "Incorrect email or
 * password", except for an account that is still unverified (Cognito refuses it as disabled) or
 * deactivated, which the user needs to be told about. The profile decides again after a success,
 * because cognito-local ignores the disabled flag. Repeated failures are slowed down: every attempt
 * counts first against the address from this client IP (429 after 5 in 15 minutes, known address or
 * not) and against the IP (30), and the right password takes it back (address-limits.ts).
 */
export const logIn = async ({ input, clientIp, userAgent }: { input: LoginInput; clientIp: string; userAgent?: string }): Promise<LoginResponse> => {
  const email = normalizeEmail(input.email);
  await takePasswordAttempt({ email, clientIp });
  const outcome = await signInWithPassword(email, input.password);

  if (outcome.status === 'rejected') {
    const profile = await findUserProfileByEmail(email);
    if (profile && !profile.email_verified) throw emailNotVerified();
    if (profile && !profile.is_active) throw accountDeactivated();
    throw invalidCredentials();
  }
  await clearPasswordAttempts({ email, clientIp });
  if (outcome.status === 'challenge') {
    throw new AppError('FORBIDDEN', 'This account needs a new password. Use "Forgot your password?" to set one.');
  }

  const { tokens } = outcome;
  const token = readAccessToken(tokens.accessToken);
  const profile = await getUserProfile(token.sub);
  // An identity without a profile is the remains of a failed registration, not an account.
  if (!profile || !tokens.refreshToken) throw invalidCredentials();
  if (!profile.email_verified) throw emailNotVerified();
  if (!profile.is_active) throw accountDeactivated();
  await openSession({ tokens, clientIp, userAgent });

  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: expiresInSeconds(tokens.expiresIn, token),
    token_type: 'Bearer',
    user: toUser(profile, token.isAdmin),
  };
};
