import { CONTACT_SUBJECT_LABELS } from '../../../shared/contact/schemas.js';
import type { ContactMessage } from '../../repositories/contact-repository.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail } from '../email-layout.js';

/** A contact-form message as it reaches support; replying answers the visitor directly. */
export const contactEmail = (opts: { to: string; message: ContactMessage }): OutgoingEmail => {
  const { message } = opts;
  const topic = CONTACT_SUBJECT_LABELS[message.subject];
  return brandedEmail({
    to: opts.to,
    replyTo: message.email,
    subject: `[Contact: ${topic}] Message from ${message.name}`,
    heading: `New ${topic.toLowerCase()} message from the contact form`,
    paragraphs: [message.message],
    details: [
      ['From', `${message.name} <${message.email}>`],
      ['Subject', topic],
      ['Received', message.created_at],
      ['Reference', message.id],
    ],
    footer: 'Reply to this email to answer the sender.',
  });
};
