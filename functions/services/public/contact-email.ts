import { CONTACT_SUBJECT_LABELS } from '../../../shared/contact/schemas.js';
import { PRIORITY_SUPPORT_TEXT } from '../../../shared/support/queue.js';
import { tierOf } from '../../../shared/tiers.js';
import type { ContactMessage } from '../../repositories/contact-repository.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail } from '../email-layout.js';

/**
 * A contact-form message as it reaches support; replying answers the visitor directly. A priority
 * message says so in its subject, and every message says when it should be answered by
 * (docs/product-rules.md "Priority support").
 */
export const contactEmail = (opts: { to: string; message: ContactMessage }): OutgoingEmail => {
  const { message } = opts;
  const topic = CONTACT_SUBJECT_LABELS[message.subject];
  return brandedEmail({
    to: opts.to,
    replyTo: message.email,
    subject: `[${message.priority ? 'Priority contact' : 'Contact'}: ${topic}] Message from ${message.name}`,
    heading: `New ${topic.toLowerCase()} message from the contact form`,
    paragraphs: [message.message],
    details: [
      ['From', `${message.name} <${message.email}>`],
      ['Subject', topic],
      ['Received', message.created_at],
      ['Answer by', message.priority ? `${message.respond_by} (priority: ${PRIORITY_SUPPORT_TEXT})` : message.respond_by],
      ...(message.sender ? [['Account', `Signed in; workspace ${message.sender.workspace_id} on the ${tierOf(message.sender.plan).name} plan`] as [string, string]] : []),
      ['Reference', message.id],
    ],
    footer: 'Reply to this email to answer the sender.',
  });
};
