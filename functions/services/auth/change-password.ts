import type { ChangePasswordInput, ChangePasswordResponse } from '../../../shared/auth/schemas.js';
import { TEXT } from '../../../shared/texts.js';
import { setPermanentPassword } from '../../repositories/identity-repository.js';
import { signInWithPassword } from '../../repositories/identity-session-repository.js';
import { recordPasswordChange } from '../../repositories/user-repository.js';
import type { CallerContext } from '../context.js';
import { expiresInSeconds, readAccessToken } from './access-token.js';
import { newPasswordNotDifferent, sessionExpired } from './auth-errors.js';
import { confirmPassword } from './confirm-password.js';
import { notifyPasswordChanged } from './password-changed-email.js';
import { endAllSessions, openSession } from './sessions.js';

/**
 * Changes the signed-in user's password. The current password is checked by signing in with it
 * (USER_PASSWORD_AUTH), which reads the same on AWS and cognito-local, unlike ChangePassword's
 * errors, and it counts against the address like a sign-in, so a stolen session cannot guess the
 * password faster than the login form. The session that check opens is revoked at once. The new
 * password is then set as permanent; reset links issued before now stop working, and every session
 * signed in before now is over: its session rows are deleted, Cognito revokes the refresh tokens
 * (AdminUserGlobalSignOut), and the handler chain refuses access tokens older than the change
 * (functions/http/caller.ts). The owner
 * is mailed that the password changed (password-changed-email.ts). This
 * device gets a new session opened with the new password, so it stays signed in.
 */
export const changePassword = async ({
  ctx,
  input,
  clientIp,
  userAgent,
}: {
  ctx: CallerContext;
  input: ChangePasswordInput;
  clientIp: string;
  userAgent?: string;
}): Promise<ChangePasswordResponse> => {
  const { profile } = ctx;

  await confirmPassword({ email: profile.email, clientIp }, input.current_password);

  if (input.new_password === input.current_password) throw newPasswordNotDifferent();
  await setPermanentPassword(ctx.userId, input.new_password, 'new_password');
  await recordPasswordChange(ctx.userId, new Date());
  await endAllSessions(ctx.userId);
  await notifyPasswordChanged(profile, 'changed');

  const fresh = await signInWithPassword(profile.email, input.new_password);
  // The password was set a moment ago; anything but a session means this device must sign in again.
  if (fresh.status !== 'signed_in' || !fresh.tokens.refreshToken) throw sessionExpired();
  await openSession({ tokens: fresh.tokens, clientIp, userAgent });
  return {
    message: TEXT.passwordChanged,
    access_token: fresh.tokens.accessToken,
    refresh_token: fresh.tokens.refreshToken,
    expires_in: expiresInSeconds(fresh.tokens.expiresIn, readAccessToken(fresh.tokens.accessToken)),
    token_type: 'Bearer',
  };
};
