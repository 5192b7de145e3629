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

/** Sends one e-mail through SES from the configured sender. */
export const sendEmail = async (email: OutgoingEmail): Promise<void> => {
  await sendEmailWithId(email);
};

/** Sends one e-mail and answers SES's message id (kept with an alert's outbox entry as proof of sending). */
export const sendEmailWithId = async (email: OutgoingEmail): Promise<string> => {
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
