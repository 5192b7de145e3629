import type { ResetPasswordInput } from '../../../shared/auth/schemas.js';
import { isAppError } from '../../../shared/errors.js';
import { logger } from '../../observability/logger.js';
import { enableVerifiedIdentity, setPermanentPassword } from '../../repositories/identity-repository.js';
import { consumeToken, markResetLinkUsed, restoreToken } from '../../repositories/token-repository.js';
import { markEmailVerified, recordPasswordChange, type UserProfile } from '../../repositories/user-repository.js';
import { clearAddressFailures } from './address-limits.js';
import { invalidResetLink } from './auth-errors.js';
import { accountOfResetToken, deadResetLinkError, USED_RESET_LINK_KEPT_SECONDS } from './check-reset-link.js';
import { epochSeconds, hashToken } from './one-time-token.js';
import { notifyPasswordChanged } from './password-changed-email.js';
import { endAllSessions } from './sessions.js';

/** Refusals after which the link must stay used up; after any other failure it works again. */
const linkIsDead = (error: unknown): boolean =>
  isAppError(error) && (error.code === 'INVALID_TOKEN' || error.code === 'FORBIDDEN');

/**
 * Sets a new password through a reset link. The token is used up first (one conditional delete,
 * so a link works once); a link issued before the password last changed is dead too, so using one
 * link or changing the password ends the others; a used link is marked, so it says "already used". The link proves the mailbox is the user's, so an
 * account that never verified its address is verified now. Then every session is signed out
 * (`signOutEverywhere`: refresh tokens on AWS; a no-op on cognito-local) and the failed sign-in
 * count of the address is cleared. The effects are idempotent and the change is recorded last: if
 * a step fails, the token is put back and the same link works on retry. The owner is mailed that
 * the password was reset (password-changed-email.ts).
 */
export const resetPassword = async ({ input }: { input: ResetPasswordInput }): Promise<{ message: string }> => {
  const hash = hashToken(input.token);
  const token = await consumeToken(hash, 'reset_password', epochSeconds());
  if (!token) throw await deadResetLinkError(hash);

  let owner: UserProfile | null = null;
  try {
    // The account may have been deleted after the mail went out: then the link leads nowhere.
    const profile = await accountOfResetToken(token);
    owner = profile;

    await setPermanentPassword(token.userId, input.new_password, 'new_password');
    if (!profile.email_verified) {
      await enableVerifiedIdentity(token.userId, profile.email);
      await markEmailVerified(token.userId);
    }
    await endAllSessions(token.userId);
    await clearAddressFailures(profile.email);
    if (!(await recordPasswordChange(token.userId, new Date()))) throw invalidResetLink();
  } catch (error) {
    if (!linkIsDead(error)) {
      await restoreToken(token).catch((restoreError: unknown) =>
        logger.error('Could not restore a reset token after a failure', { userId: token.userId, error: restoreError }),
      );
    }
    throw error;
  }
  if (owner) await notifyPasswordChanged(owner, 'reset');

  // Opened again, the link says it was used (the check on opening and a second submit alike).
  try {
    await markResetLinkUsed(hash, token.userId, epochSeconds() + USED_RESET_LINK_KEPT_SECONDS);
  } catch (markError) {
    // The password is set; without the mark the link is merely "invalid" rather than "used".
    logger.warn('Could not mark a reset link as used', { userId: token.userId, error: markError });
  }
  return { message: 'Your password has been reset. You can now log in with your new password.' };
};
