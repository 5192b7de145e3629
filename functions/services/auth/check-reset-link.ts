import type { CheckResetLinkInput } from '../../../shared/auth/schemas.js';
import { findUsedResetLink, peekToken, type OneTimeToken } from '../../repositories/token-repository.js';
import { getPasswordChangedAt, getUserProfile, type UserProfile } from '../../repositories/user-repository.js';
import { accountDeactivated, invalidResetLink, usedResetLink } from './auth-errors.js';
import { epochSeconds, hashToken, RESET_PASSWORD_TOKEN_LIFETIME_SECONDS } from './one-time-token.js';

/** How long a used reset link is remembered, to answer "already used" rather than "invalid". */
export const USED_RESET_LINK_KEPT_SECONDS = 7 * 24 * 60 * 60;

const issuedAt = (token: OneTimeToken): number => token.expiresAt - RESET_PASSWORD_TOKEN_LIFETIME_SECONDS;

/** The refusal for a reset link whose token is gone: "already used" when it set a password, else invalid or expired. */
export const deadResetLinkError = async (hash: string): Promise<Error> =>
  (await findUsedResetLink(hash, epochSeconds())) ? usedResetLink() : invalidResetLink();

/**
 * The account a live reset token may set a password for, or the refusal: the account was deleted
 * (invalid), deactivated, or its password changed after the link was mailed (the link is dead: a
 * reset or a change ends the others). Shared by the check on opening and the reset itself.
 */
export const accountOfResetToken = async (token: OneTimeToken): Promise<UserProfile> => {
  const profile = await getUserProfile(token.userId);
  if (!profile) throw invalidResetLink();
  if (!profile.is_active) throw accountDeactivated();
  const changedAt = await getPasswordChangedAt(token.userId);
  if (changedAt && epochSeconds(changedAt) > issuedAt(token)) throw invalidResetLink();
  return profile;
};

/**
 * POST /api/auth/reset-password/check: the reset page asks, as it opens, whether its link still
 * works, so a used or expired link says so before a new password is typed twice (docs/product-rules.md
 * "Auth flows and token lifetimes"). It reads the token and never uses it up; the refusals are the
 * reset's own (400 `INVALID_TOKEN`, "already used" for a link that set a password).
 */
export const checkResetLink = async ({ input }: { input: CheckResetLinkInput }): Promise<{ message: string }> => {
  const hash = hashToken(input.token);
  const { token } = await peekToken(hash, 'reset_password', epochSeconds());
  if (!token) throw await deadResetLinkError(hash);
  await accountOfResetToken(token);
  return { message: 'This reset link works: choose your new password.' };
};
