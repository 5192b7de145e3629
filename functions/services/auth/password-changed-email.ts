import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { sendEmail, type OutgoingEmail } from '../../repositories/mail-repository.js';
import type { UserProfile } from '../../repositories/user-repository.js';
import { greetingLine } from './greeting.js';
import { brandedEmail, formatEmailTime } from '../email-layout.js';

/**
 * The notice that the account's password was changed (in Settings) or reset (by a link), so an
 * owner whose password someone else changed learns of it (docs/security.md "Tokens and sessions").
 */
export const passwordChangedEmail = (opts: { appUrl: string; to: string; name: string; timezone: string | null; at: Date; how: 'changed' | 'reset' }): OutgoingEmail =>
  brandedEmail({
    to: opts.to,
    subject: 'Your Upwatch password was changed',
    heading: 'Your password was changed',
    paragraphs: [
      greetingLine(opts.name),
      opts.how === 'changed'
        ? `The password of your Upwatch account was changed in Settings on ${formatEmailTime(opts.at, opts.timezone)}.`
        : `The password of your Upwatch account was reset with a link from our email on ${formatEmailTime(opts.at, opts.timezone)}.`,
      'Every other device was signed out. If this was you, there is nothing more to do.',
      'If it was not you, reset your password now with the link below and check the email address of your account.',
    ],
    action: { label: 'Reset password', url: `${opts.appUrl}/forgot-password` },
  });

/** Sends the notice; the password change stands even if the mail cannot be sent (it is logged). */
export const notifyPasswordChanged = async (profile: Pick<UserProfile, 'id' | 'email' | 'name' | 'timezone'>, how: 'changed' | 'reset'): Promise<void> => {
  try {
    await sendEmail(passwordChangedEmail({ appUrl: config().appUrl, to: profile.email, name: profile.name, timezone: profile.timezone, at: new Date(), how }));
  } catch (error) {
    logger.error('Could not mail the password change notice', { userId: profile.id, error });
  }
};
