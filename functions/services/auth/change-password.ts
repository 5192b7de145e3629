import type { ChangePasswordInput, ChangePasswordResponse } from '../../../shared/auth/schemas.js';
import { TEXT } from '../../../shared/texts.js';
import {
  revokeSessionQuietly,
  setPermanentPassword,
  signInWithPassword,
  signOutEverywhere,
} from '../../repositories/identity-repository.js';
import { recordPasswordChange } from '../../repositories/user-repository.js';
import type { CallerContext } from '../context.js';
import { expiresInSeconds, readAccessToken } from './access-token.js';
import { clearPasswordAttempts, takePasswordAttempt } from './address-limits.js';
import { newPasswordNotDifferent, sessionExpired, wrongCurrentPassword } from './auth-errors.js';

/**
 * Changes the signed-in user's password. The current password is checked by signing in with it
 * (USER_PASSWORD_AUTH), which reads the same on AWS and cognito-local, unlike ChangePassword's
 * errors, and it counts against the address like a sign-in, so a stolen session cannot guess the
 * password faster than the login form. The session that check opens is revoked at once. The new
 * password is then set as permanent; reset links issued before now stop working, and every session
 * signed in before now is over: Cognito revokes the refresh tokens (AdminUserGlobalSignOut) and the
 * handler chain refuses access tokens older than the change (functions/http/caller.ts). This
 * device gets a new session opened with the new password, so it stays signed in.
 */
export const changePassword = async ({
  ctx,
  input,
}: {
  ctx: CallerContext;
  input: ChangePasswordInput;
}): Promise<ChangePasswordResponse> => {
  const { profile } = ctx;

  await takePasswordAttempt(profile.email);
  const check = await signInWithPassword(profile.email, input.current_password);
  if (check.status === 'rejected') throw wrongCurrentPassword();
  await clearPasswordAttempts(profile.email);
  if (check.status === 'signed_in' && check.tokens.refreshToken) await revokeSessionQuietly(check.tokens.refreshToken);

  if (input.new_password === input.current_password) throw newPasswordNotDifferent();
  await setPermanentPassword(ctx.userId, input.new_password, 'new_password');
  await recordPasswordChange(ctx.userId, new Date());
  await signOutEverywhere(ctx.userId);

  const fresh = await signInWithPassword(profile.email, input.new_password);
  // The password was set a moment ago; anything but a session means this device must sign in again.
  if (fresh.status !== 'signed_in' || !fresh.tokens.refreshToken) throw sessionExpired();
  return {
    message: TEXT.passwordChanged,
    access_token: fresh.tokens.accessToken,
    refresh_token: fresh.tokens.refreshToken,
    expires_in: expiresInSeconds(fresh.tokens.expiresIn, readAccessToken(fresh.tokens.accessToken)),
    token_type: 'Bearer',
  };
};
