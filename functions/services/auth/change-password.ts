import type { ChangePasswordInput } from '../../../shared/auth/schemas.js';
import { TEXT } from '../../../shared/texts.js';
import { revokeSessionQuietly, setPermanentPassword, signInWithPassword } from '../../repositories/identity-repository.js';
import { recordPasswordChange } from '../../repositories/user-repository.js';
import type { CallerContext } from '../context.js';
import { clearPasswordAttempts, takePasswordAttempt } from './address-limits.js';
import { newPasswordNotDifferent, wrongCurrentPassword } from './auth-errors.js';

/**
 * Changes the signed-in user's password. The current password is checked by signing in with it
 * (USER_PASSWORD_AUTH), which reads the same on AWS and cognito-local, unlike ChangePassword's
 * errors, and it counts against the address like a sign-in, so a stolen session cannot guess the
 * password faster than the login form. The session that check opens is revoked at once. The new
 * password is then set as permanent; reset links issued before now stop working. Other sessions
 * stay signed in (a reset, not a change, is the "someone has my password" path).
 */
export const changePassword = async ({ ctx, input }: { ctx: CallerContext; input: ChangePasswordInput }): Promise<{ message: string }> => {
  const { profile } = ctx;

  await takePasswordAttempt(profile.email);
  const check = await signInWithPassword(profile.email, input.current_password);
  if (check.status === 'rejected') throw wrongCurrentPassword();
  await clearPasswordAttempts(profile.email);
  if (check.status === 'signed_in' && check.tokens.refreshToken) await revokeSessionQuietly(check.tokens.refreshToken);

  if (input.new_password === input.current_password) throw newPasswordNotDifferent();
  await setPermanentPassword(ctx.userId, input.new_password, 'new_password');
  await recordPasswordChange(ctx.userId, new Date());
  return { message: TEXT.passwordChanged };
};
