import type { ResendVerificationInput } from '../../../shared/auth/schemas.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { config } from '../../config.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { findUserProfileByEmail } from '../../repositories/user-repository.js';
import { takeMailSlot } from './address-limits.js';
import { VERIFICATION_MAILS } from './attempt-limits.js';
import { issueOneTimeToken } from './issue-token.js';
import { VERIFY_EMAIL_TOKEN_LIFETIME_SECONDS } from './one-time-token.js';
import { verificationEmail } from './verification-email.js';

const ANSWER = {
  message: 'If an account with this email is waiting for verification, we have sent a new verification link.',
};

/**
 * Sends a fresh verification link to an address whose account still waits for it. The answer is
 * the same for an unknown address, a verified account and a deactivated one, so the call tells
 * nobody who is registered; the mail limit (3 per address in 15 minutes, 429 after) applies to
 * every address alike for the same reason. Earlier links stay valid until they expire (24 hours):
 * mails can arrive out of order, whichever one the user opens works, and each can only verify the
 * address it was sent to.
 */
export const resendVerification = async ({ input }: { input: ResendVerificationInput }): Promise<{ message: string }> => {
  const email = normalizeEmail(input.email);
  await takeMailSlot(VERIFICATION_MAILS, email);

  const profile = await findUserProfileByEmail(email);
  if (!profile || profile.email_verified || !profile.is_active) return ANSWER;

  const token = await issueOneTimeToken('verify_email', profile.id, VERIFY_EMAIL_TOKEN_LIFETIME_SECONDS);
  await sendEmail(verificationEmail({ appUrl: config().appUrl, to: profile.email, name: profile.name, token }));
  return ANSWER;
};
