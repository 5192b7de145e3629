import type { RegisterInput } from '../../../shared/auth/schemas.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import {
  createIdentity,
  deleteIdentity,
  deleteIdentityQuietly,
  findIdentity,
} from '../../repositories/identity-repository.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import type { OneTimeToken } from '../../repositories/token-repository.js';
import { createUser, deleteNewUser, findUserIdByEmail } from '../../repositories/user-repository.js';
import { emailTaken } from './auth-errors.js';
import { newUserProfile } from './new-user-profile.js';
import { epochSeconds, hashToken, newOneTimeToken, VERIFY_EMAIL_TOKEN_LIFETIME_SECONDS } from './one-time-token.js';
import { verificationEmail } from './verification-email.js';

export interface RegistrationResult {
  message: string;
  email: string;
}

/**
 * A Lambda runs at most 15 minutes, so a Cognito identity older than this with no e-mail claim in
 * the table cannot belong to a registration still in progress: it is the leftover of one that died
 * between its two writes, and may be replaced.
 */
const ABANDONED_IDENTITY_AGE_MS = 15 * 60 * 1000;

/**
 * The Cognito identity for a new account. When Cognito already knows the address, the answer is 409
 * unless the identity is the leftover of a crashed registration (no claim in our table, never
 * enabled, old enough): then it is replaced, so retrying a failed registration works.
 */
const createLoginIdentity = async (input: { email: string; name: string; password: string }): Promise<string> => {
  const first = await createIdentity(input);
  if (first.status === 'created') return first.userId;

  if (await findUserIdByEmail(input.email)) throw emailTaken();
  const leftover = await findIdentity(input.email);
  if (leftover) {
    const neverUsable = !leftover.enabled || leftover.status === 'FORCE_CHANGE_PASSWORD';
    const abandoned = leftover.createdAt !== null && Date.now() - leftover.createdAt.getTime() > ABANDONED_IDENTITY_AGE_MS;
    if (!neverUsable || !abandoned) throw emailTaken();
    await deleteIdentity(input.email);
  }
  const second = await createIdentity(input);
  if (second.status === 'created') return second.userId;
  throw emailTaken();
};

/**
 * Registration: a disabled Cognito identity, then ONE transaction (e-mail claim, profile, hashed
 * verification token), then the verification e-mail. Each step undoes the earlier ones if it
 * fails, so a failed registration leaves nothing behind and can simply be retried.
 */
export const registerUser = async ({ input }: { input: RegisterInput }): Promise<RegistrationResult> => {
  const email = normalizeEmail(input.email);
  const now = new Date();
  const userId = await createLoginIdentity({ email, name: input.name, password: input.password });

  const token = newOneTimeToken();
  const verification: OneTimeToken = {
    hash: hashToken(token),
    kind: 'verify_email',
    userId,
    expiresAt: epochSeconds(now) + VERIFY_EMAIL_TOKEN_LIFETIME_SECONDS,
  };

  let stored = false;
  try {
    if ((await createUser(newUserProfile({ userId, name: input.name, email, now, emailVerified: false, timezone: input.timezone }), verification)) === 'email_taken') {
      throw emailTaken();
    }
    stored = true;
    await sendEmail(verificationEmail({ appUrl: config().appUrl, to: email, name: input.name, token }));
  } catch (error) {
    if (stored) {
      await deleteNewUser(userId, email, verification.hash).catch((cleanupError: unknown) =>
        logger.error('Could not roll back a registration in the table', { userId, error: cleanupError }),
      );
    }
    await deleteIdentityQuietly(userId);
    throw error;
  }

  return { message: 'Registration successful. Please check your email to verify your account.', email };
};
