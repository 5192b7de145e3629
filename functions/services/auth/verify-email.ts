import type { VerifyEmailQuery } from '../../../shared/auth/schemas.js';
import { isAppError } from '../../../shared/errors.js';
import { logError } from '../../log.js';
import { enableVerifiedIdentity } from '../../repositories/identity-repository.js';
import { consumeToken, restoreToken } from '../../repositories/token-repository.js';
import { getUserProfile, markEmailVerified } from '../../repositories/user-repository.js';
import { invalidVerificationLink } from './auth-errors.js';
import { epochSeconds, hashToken } from './one-time-token.js';

/**
 * Verifies the address behind a link. The token is used up first (one conditional delete, so two
 * clicks cannot both succeed); the effects after it are idempotent, and if one fails the token is
 * put back so the same link works on retry.
 */
export const verifyEmail = async ({ query }: { query: VerifyEmailQuery }): Promise<{ message: string }> => {
  const token = await consumeToken(hashToken(query.token), 'verify_email', epochSeconds());
  if (!token) throw invalidVerificationLink();

  try {
    // The account may have been deleted after the mail went out: then the link leads nowhere.
    const profile = await getUserProfile(token.userId);
    if (!profile) throw invalidVerificationLink();
    await enableVerifiedIdentity(token.userId, profile.email);
    if (!(await markEmailVerified(token.userId))) throw invalidVerificationLink();
  } catch (error) {
    if (!isAppError(error)) {
      await restoreToken(token).catch((restoreError: unknown) =>
        logError('Could not restore a verification token after a failure', restoreError, { userId: token.userId }),
      );
    }
    throw error;
  }

  return { message: 'Email verified successfully. You can now log in.' };
};
