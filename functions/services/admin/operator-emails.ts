import { countOf } from '../../../shared/texts.js';
import { tierOf, type TierId } from '../../../shared/tiers.js';
import { logger } from '../../observability/logger.js';
import { sendEmail, type OutgoingEmail } from '../../repositories/mail-repository.js';
import type { UserProfile } from '../../repositories/user-repository.js';
import { brandedEmail } from '../email-layout.js';
import { recordApplicationError } from '../operations/record-application-error.js';

/**
 * The mails an operator's action sends to the user it touched (docs/admin.md "Telling the user"),
 * in the one branded layout: nothing an operator changes in an account happens silently.
 */

/** An operator moved the user to another plan (the quick upgrade or a tier edit). */
export const planChangedByOperatorEmail = (reader: { to: string; appUrl: string }, opts: { from: TierId; to: TierId }): OutgoingEmail => {
  const to = tierOf(opts.to);
  return brandedEmail({
    to: reader.to,
    subject: `Upwatch: an operator moved you to the ${to.name} plan`,
    heading: `You are on the ${to.name} plan`,
    tone: 'ok',
    paragraphs: [
      `An Upwatch operator changed your plan from ${tierOf(opts.from).name} to ${to.name}. Its limits apply now: ` +
        `up to ${countOf(to.monitorCap, 'monitor')}, checked as often as every ${to.minCheckIntervalSeconds} seconds.`,
      `Nothing is charged for this change. If you did not expect it, write to us at ${reader.appUrl}/contact.`,
    ],
    details: [
      ['Previous plan', tierOf(opts.from).name],
      ['New plan', to.name],
    ],
    action: { label: 'Open subscription settings', url: `${reader.appUrl}/settings?section=subscription` },
  });
};

/**
 * Sends a mail about an operator's action. The action stands whatever the mail does: a failure is
 * logged and recorded as an `email_error` (docs/admin.md "Application error log") for operators.
 */
export const mailUserAboutOperatorAction = async (profile: UserProfile, mail: OutgoingEmail, what: string): Promise<void> => {
  try {
    await sendEmail(mail);
  } catch (error) {
    logger.error('Could not mail the user about an operator action', { userId: profile.id, what, error });
    await recordApplicationError({
      type: 'email_error',
      message: `The notice of an operator action (${what}) could not be mailed`,
      error,
      context: { mail: what },
      userId: profile.id,
    });
  }
};
