import type { VerifyEmailQuery } from '../../../shared/auth/schemas.js';
import { isAppError } from '../../../shared/errors.js';
import { logger } from '../../observability/logger.js';
import { enableVerifiedIdentity } from '../../repositories/identity-repository.js';
import { consumeToken, findUsedVerificationLink, markVerificationLinkUsed, restoreToken } from '../../repositories/token-repository.js';
import { getUserProfile, markEmailVerified } from '../../repositories/user-repository.js';
import { invalidVerificationLink } from './auth-errors.js';
import { epochSeconds, hashToken } from './one-time-token.js';

/** How long a used verification link still answers "already verified" rather than "invalid". */
export const USED_LINK_REMEMBERED_SECONDS = 30 * 24 * 3600;

export interface VerifyEmailResult {
  message: string;
  /** True when the link had been used before and the address is verified: the page offers login. */
  already_verified: boolean;
}

/** A link opened again after it worked: the account is verified, so say so and offer login. */
const alreadyVerified = async (hash: string): Promise<VerifyEmailResult | null> => {
  const userId = await findUsedVerificationLink(hash, epochSeconds());
  const profile = userId ? await getUserProfile(userId) : null;
  if (!profile?.email_verified) return null;
  return { message: 'This email address is already verified. You can log in.', already_verified: true };
};

/**
 * Verifies the address behind a link. The token is used up first (one conditional delete, so two
 * clicks cannot both succeed); the effects after it are idempotent, and if one fails the token is
 * put back so the same link works on retry. A link that worked is remembered for 30 days: opened
 * again, it answers "already verified" (200, `already_verified`) rather than "invalid".
 */
export const verifyEmail = async ({ query }: { query: VerifyEmailQuery }): Promise<VerifyEmailResult> => {
  const hash = hashToken(query.token);
  const token = await consumeToken(hash, 'verify_email', epochSeconds());
  if (!token) {
    const verified = await alreadyVerified(hash);
    if (verified) return verified;
    throw invalidVerificationLink();
  }

  try {
    // The account may have been deleted after the mail went out: then the link leads nowhere.
    const profile = await getUserProfile(token.userId);
    if (!profile) throw invalidVerificationLink();
    await enableVerifiedIdentity(token.userId, profile.email);
    if (!(await markEmailVerified(token.userId))) throw invalidVerificationLink();
  } catch (error) {
    if (!isAppError(error)) {
      await restoreToken(token).catch((restoreError: unknown) =>
        logger.error('Could not restore a verification token after a failure', { userId: token.userId, error: restoreError }),
      );
    }
    throw error;
  }

  await markVerificationLinkUsed(hash, token.userId, epochSeconds() + USED_LINK_REMEMBERED_SECONDS).catch((error: unknown) =>
    logger.error('Could not remember a used verification link', { userId: token.userId, error }),
  );
  return { message: 'Email verified successfully. You can now log in.', already_verified: false };
};
