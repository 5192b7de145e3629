import type { ForgotPasswordInput } from '../../../shared/auth/schemas.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { config } from '../../config.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { findUserProfileByEmail } from '../../repositories/user-repository.js';
import { takeMailSlot } from './address-limits.js';
import { RESET_MAILS } from './attempt-limits.js';
import { issueOneTimeToken } from './issue-token.js';
import { RESET_PASSWORD_TOKEN_LIFETIME_SECONDS } from './one-time-token.js';
import { resetPasswordEmail } from './reset-password-email.js';

const ANSWER = {
  message: 'If an account exists for this email, we have sent a link to reset the password. The link expires in 1 hour.',
};

/**
 * Mails a password reset link (`${APP_URL}/reset-password?token=...`, 1 hour, single use) to the
 * account with this address. The answer is the same whether or not there is one, and the mail
 * limit (3 per address in 15 minutes, 429 after) applies to every address alike, so the call
 * tells nobody who is registered. A deactivated account gets no mail: it could not sign in anyway.
 * Only the hash of the token is stored; if the mail cannot be sent, the unused token just expires.
 */
export const forgotPassword = async ({ input }: { input: ForgotPasswordInput }): Promise<{ message: string }> => {
  const email = normalizeEmail(input.email);
  await takeMailSlot(RESET_MAILS, email);

  const profile = await findUserProfileByEmail(email);
  if (!profile || !profile.is_active) return ANSWER;

  const token = await issueOneTimeToken('reset_password', profile.id, RESET_PASSWORD_TOKEN_LIFETIME_SECONDS);
  await sendEmail(resetPasswordEmail({ appUrl: config().appUrl, to: profile.email, name: profile.name, token }));
  return ANSWER;
};
