import { ulid } from 'ulid';
import { CONTACT_RATE_LIMIT, type ContactInput, type ContactResult } from '../../../shared/contact/schemas.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { TEXT } from '../../../shared/texts.js';
import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { saveContactMessage, type ContactMessage } from '../../repositories/contact-repository.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { enforceRateLimit } from '../rate-limit.js';
import { contactEmail } from './contact-email.js';

const RULE = { scope: 'contact', ...CONTACT_RATE_LIMIT };

/**
 * A contact-form message: rate-limited per sender address, stored, then e-mailed to support. Once
 * stored it counts as received: if the e-mail to support fails, the failure is logged with the
 * message id (the stored message is the record to answer from) and the visitor is not asked to
 * send it again.
 */
export const submitContact = async ({ input }: { input: ContactInput }): Promise<ContactResult> => {
  const now = new Date();
  const email = normalizeEmail(input.email);
  await enforceRateLimit(
    RULE,
    email,
    now,
    (wait) =>
      `Too many messages from this email address: at most ${RULE.limit} per hour. Please try again in ${wait}.`,
  );

  const message: ContactMessage = {
    id: ulid(now.getTime()),
    name: input.name,
    email,
    subject: input.subject,
    message: input.message,
    created_at: now.toISOString(),
  };
  await saveContactMessage(message);
  try {
    await sendEmail(contactEmail({ to: config().supportEmail, message }));
  } catch (error) {
    logger.error('Contact message stored but the e-mail to support failed', { contactMessageId: message.id, error });
    // Stored, so operators can still read it (Messages); the error log says the mail never went.
    await recordApplicationError({
      type: 'email_error',
      message: `The contact message from ${email} could not be mailed to support`,
      error,
      context: { mail: 'contact', contact_message_id: message.id, subject: input.subject },
    });
  }
  return { success: true, message: `${TEXT.contactMessageSent} ${TEXT.contactReplyPromise}` };
};
