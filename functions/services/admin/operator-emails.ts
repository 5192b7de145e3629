import { countOf } from '../../../shared/texts.js';
import type { SlowedMonitor } from '../../repositories/monitor-interval-floor-repository.js';
import { slowedMonitorsText } from '../billing/billing-emails.js';
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

/**
 * An operator moved the user to another plan (the quick upgrade or a tier edit); the monitors the
 * move slowed to the new plan's floor are named as in the mail of a downgrade (docs/billing.md "Downgrades").
 */
export const planChangedByOperatorEmail = (
  reader: { to: string; appUrl: string },
  opts: { from: TierId; to: TierId; slowed?: readonly SlowedMonitor[] },
): OutgoingEmail => {
  const to = tierOf(opts.to);
  const slowedText = slowedMonitorsText(opts.to, opts.slowed ?? []);
  return brandedEmail({
    to: reader.to,
    subject: `Upwatch: an operator moved you to the ${to.name} plan`,
    heading: `You are on the ${to.name} plan`,
    tone: 'ok',
    paragraphs: [
      `An Upwatch operator changed your plan from ${tierOf(opts.from).name} to ${to.name}. Its limits apply now: ` +
        `up to ${countOf(to.monitorCap, 'monitor')}, checked as often as every ${to.minCheckIntervalSeconds} seconds.`,
      ...slowedText,
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

/** An operator paused or disabled one of the user's monitors, for the reason given (docs/admin.md "Monitor holds"). */
export const monitorHeldEmail = (
  reader: { to: string; appUrl: string },
  opts: { action: 'pause' | 'disable'; reason: string; monitorName: string; monitorUrl: string },
): OutgoingEmail => {
  const done = opts.action === 'disable' ? 'disabled' : 'paused';
  return brandedEmail({
    to: reader.to,
    subject: `Upwatch: an operator ${done} your monitor ${opts.monitorName}`,
    heading: `Your monitor was ${done}`,
    tone: 'warning',
    paragraphs: [
      `An Upwatch operator ${done} your monitor "${opts.monitorName}". It is not checked and sends no alerts now.`,
      `The reason: ${opts.reason}`,
      opts.action === 'disable'
        ? `It stays disabled until an operator enables it again. If you think this is a mistake, write to us at ${reader.appUrl}/contact.`
        : 'You can resume it from your monitors once the problem is fixed.',
    ],
    details: [
      ['Monitor', opts.monitorName],
      ['URL', opts.monitorUrl],
    ],
    action: { label: 'Open your monitors', url: `${reader.appUrl}/app/monitors` },
  });
};

/** An operator enabled the user's monitor again after a hold. */
export const monitorReleasedEmail = (reader: { to: string; appUrl: string }, opts: { monitorName: string }): OutgoingEmail =>
  brandedEmail({
    to: reader.to,
    subject: `Upwatch: your monitor ${opts.monitorName} is checked again`,
    heading: 'Your monitor is checked again',
    tone: 'ok',
    paragraphs: [`An Upwatch operator enabled your monitor "${opts.monitorName}" again. It is checked and alerts as before.`],
    action: { label: 'Open your monitors', url: `${reader.appUrl}/app/monitors` },
  });

/** An operator named (or changed) the account manager of the user's workspace (docs/product-rules.md "Account manager"). */
export const accountManagerNamedEmail = (reader: { to: string; appUrl: string }, manager: { name: string; email: string }): OutgoingEmail =>
  brandedEmail({
    to: reader.to,
    replyTo: manager.email,
    subject: `Upwatch: ${manager.name} is your account manager`,
    heading: 'Your account manager',
    tone: 'ok',
    paragraphs: [
      `${manager.name} is the account manager of your Upwatch workspace. Write to them at ${manager.email} about anything to do with your account; replying to this e-mail reaches them too.`,
      'Everyone in your workspace sees who it is in Settings -> Subscription.',
    ],
    details: [
      ['Account manager', manager.name],
      ['E-mail', manager.email],
    ],
    action: { label: 'Open subscription settings', url: `${reader.appUrl}/settings?section=subscription` },
  });
