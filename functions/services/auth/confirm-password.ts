import { revokeSessionQuietly, signInWithPassword } from '../../repositories/identity-session-repository.js';
import { clearPasswordAttempts, takePasswordAttempt, type PasswordAttempt } from './address-limits.js';
import { wrongCurrentPassword } from './auth-errors.js';

/**
 * Proves the caller knows the account's password before a change that a stolen or forgotten
 * session must not make (change password, delete account). It signs in with it
 * (USER_PASSWORD_AUTH reads the same on AWS and cognito-local), counted like a sign-in, so a
 * session cannot guess faster than the login form; the session that check opens is revoked at once.
 * A wrong password is 400 on `field`.
 */
export const confirmPassword = async (attempt: PasswordAttempt, password: string, field = 'current_password'): Promise<void> => {
  await takePasswordAttempt(attempt);
  const check = await signInWithPassword(attempt.email, password);
  if (check.status === 'rejected') throw wrongCurrentPassword(field);
  await clearPasswordAttempts(attempt);
  if (check.status === 'signed_in' && check.tokens.refreshToken) await revokeSessionQuietly(check.tokens.refreshToken);
};
