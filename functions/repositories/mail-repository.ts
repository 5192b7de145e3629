import { SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../config.js';
import { ses } from '../clients/ses.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go instead of the sender (a contact message: the visitor who wrote it). */
  replyTo?: string;
}

const sendThroughSes = async (email: OutgoingEmail): Promise<string> => {
  const { MessageId } = await ses().send(
    new SendEmailCommand({
      Source: config().mailFrom,
      Destination: { ToAddresses: [email.to] },
      ...(email.replyTo ? { ReplyToAddresses: [email.replyTo] } : {}),
      Message: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: email.text, Charset: 'UTF-8' },
          Html: { Data: email.html, Charset: 'UTF-8' },
        },
      },
    }),
  );
  return MessageId ?? '';
};

/**
 * Errors thrown by a send, remembered so the error log can file a request that failed on its mail
 * as an `email_error` (http/api-error-report.ts) without changing the error callers see.
 */
const MAIL_FAILURES = new WeakSet<object>();

/** Whether `error` was thrown by an e-mail send (SES refused it or could not be reached). */
export const isMailFailure = (error: unknown): boolean => typeof error === 'object' && error !== null && MAIL_FAILURES.has(error);

/** Sends one e-mail through SES from the configured sender. */
export const sendEmail = async (email: OutgoingEmail): Promise<void> => {
  await sendEmailWithId(email);
};

/** Sends one e-mail and answers SES's message id (kept with an alert's outbox entry as proof of sending). */
export const sendEmailWithId = async (email: OutgoingEmail): Promise<string> => {
  try {
    return await sendThroughSes(email);
  } catch (error) {
    if (typeof error === 'object' && error !== null) MAIL_FAILURES.add(error);
    throw error;
  }
};
