import { ulid } from 'ulid';
import { CONTACT_RATE_LIMIT, type ContactInput, type ContactResult } from '../../../shared/contact/schemas.js';
import { replyPromiseText, respondByOf, responseHoursOf } from '../../../shared/support/queue.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { TEXT } from '../../../shared/texts.js';
import { tierOf } from '../../../shared/tiers.js';
import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { saveContactMessage, type ContactMessage, type ContactSender } from '../../repositories/contact-repository.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import type { CallerContext } from '../context.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { enforceRateLimit, USER_SCOPES } from '../rate-limit.js';
import { contactEmail } from './contact-email.js';

const RULE = { scope: 'contact', ...CONTACT_RATE_LIMIT };
const SIGNED_IN_RULE = { scope: USER_SCOPES.supportMessage, ...CONTACT_RATE_LIMIT };

/**
 * Who sent a message from the signed-in route: the person and the workspace they wrote from, whose
 * plan (its owner's) decides priority (docs/product-rules.md "Priority support"). The public route
 * has no verified sender, so an address typed there is never trusted for priority.
 */
const senderOf = (ctx: CallerContext): ContactSender => ({
  user_id: ctx.userId,
  workspace_id: ctx.workspaceId,
  plan: ctx.account.subscription_tier,
});

/**
 * A contact-form message: rate-limited per sender address, stored with its response target, then
 * e-mailed to support. Once stored it counts as received: if the e-mail to support fails, the
 * failure is logged with the message id (the stored message is the record to answer from) and the
 * visitor is not asked to send it again. `ctx` is the signed-in caller (the support route), absent
 * for the public form.
 */
export const submitContact = async ({ input, ctx }: { input: ContactInput; ctx?: CallerContext }): Promise<ContactResult> => {
  const now = new Date();
  const email = normalizeEmail(input.email);
  // A visitor is counted by the address typed; a signed-in person by their account, whatever
  // address they type for the reply.
  await enforceRateLimit(ctx ? SIGNED_IN_RULE : RULE, ctx ? ctx.userId : email, now, (wait) =>
    ctx
      ? `Too many messages from your account: at most ${RULE.limit} per hour. Please try again in ${wait}.`
      : `Too many messages from this email address: at most ${RULE.limit} per hour. Please try again in ${wait}.`,
  );

  const sender = ctx ? senderOf(ctx) : null;
  const priority = sender !== null && tierOf(sender.plan).prioritySupport;
  const createdAt = now.toISOString();
  const hours = responseHoursOf({ priority, subject: input.subject });
  const message: ContactMessage = {
    id: ulid(now.getTime()),
    name: input.name,
    email,
    subject: input.subject,
    message: input.message,
    created_at: createdAt,
    priority,
    respond_by: respondByOf(createdAt, hours),
    sender,
    answered_at: null,
    answered_by: null,
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
  const reply = { priority, reply_within_hours: hours };
  return { success: true, message: `${TEXT.contactMessageSent} ${replyPromiseText(reply)}`, ...reply };
};
