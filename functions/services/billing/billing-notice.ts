import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { sendEmail, type OutgoingEmail } from '../../repositories/mail-repository.js';
import type { UserProfile } from '../../repositories/user-repository.js';
import { recordApplicationError } from '../operations/record-application-error.js';

interface Reader {
  to: string;
  timezone: string | null;
  appUrl: string;
}

/**
 * Mails a billing confirmation (a cancellation, a scheduled downgrade, a resume) to the account's
 * owner. The change it confirms stands either way: a mail that could not be sent is logged and put
 * in the operators' error log (docs/admin.md) rather than failing the request.
 */
export const mailBillingNotice = async (profile: UserProfile, mail: string, build: (reader: Reader) => OutgoingEmail): Promise<void> => {
  try {
    await sendEmail(build({ to: profile.email, timezone: profile.timezone, appUrl: config().appUrl }));
  } catch (error) {
    logger.error('Could not mail a billing confirmation', { userId: profile.id, mail, error });
    await recordApplicationError({
      type: 'email_error',
      message: `The billing confirmation (${mail}) could not be mailed`,
      error,
      context: { mail },
      userId: profile.id,
    });
  }
};
