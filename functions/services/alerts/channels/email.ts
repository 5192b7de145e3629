import { isDigest, type AlertDigest, type ChannelAlert } from '../../../../shared/alerts/events.js';
import { brandedEmail } from '../../email-layout.js';
import type { OutgoingEmail } from '../../../repositories/mail-repository.js';
import { alertMail, alertWording } from '../alert-email.js';
import { awsErrorOutcome } from './aws-error.js';
import type { ChannelSender } from './contract.js';
import { DIGEST_NOTICE, digestGroups, digestSize } from './digest-parts.js';
import { messageLinks } from './message-parts.js';
import { shownAddress } from '../../../../shared/monitors/types/index.js';

/**
 * An extra e-mail recipient (docs/alerts.md "Channels"): the owner's own alert mail (alert-email.ts
 * `alertMail`, the same words and layout), sent to the channel's confirmed address, with an
 * "Acknowledge" button when the incident can be acknowledged and a footer that says who added the
 * address, since the reader may not have an Upwatch account.
 */
export const channelAlertEmail = (alert: ChannelAlert, opts: { to: string; timezone: string | null; accountEmail: string }): OutgoingEmail => {
  const { incident } = alert;
  const wording = alertWording(alert.transition, alert.monitor.type, incident.error_category);
  const acknowledged = alert.type === 'incident.acknowledged';
  const [view] = messageLinks(alert);
  return alertMail({
    to: opts.to,
    timezone: opts.timezone,
    event: alert.transition,
    // The headline is the mail's heading, and says who acknowledged it on an acknowledgement.
    wording: acknowledged
      ? { ...wording, subject: `${wording.subject} acknowledged`, heading: () => alert.headline, atLabel: 'Acknowledged at' }
      : { ...wording, heading: () => alert.headline },
    monitorName: alert.monitor.name,
    address: shownAddress(alert.monitor.type, alert.monitor.url),
    message: incident.message,
    since: alert.transition === 'ssl_expiring' ? incident.certificate_expires_at : incident.started_at,
    occurredAt: alert.occurred_at,
    facts: {
      userImpact: incident.user_impact,
      impactDescription: incident.impact,
      explanation: incident.explanation,
      recommendedAction: incident.recommended_action,
      statusCode: incident.status_code,
      responseTimeMs: incident.response_time_ms,
    },
    action: view ?? { label: 'View incident', url: alert.links.incident },
    acknowledgeUrl: alert.links.acknowledge,
    test: alert.test,
    footer: alert.test
      ? `Sent because the Upwatch account ${opts.accountEmail} asked for a test of this alert channel. If you did not expect it, you can ignore it.`
      : `You get these alerts because ${opts.accountEmail} added this address to their Upwatch alerts. To stop them, ask ${opts.accountEmail} to remove it.`,
  });
};

/** A storm digest as one mail: the headline, then a table of every monitor in it (mail has room for all). */
export const channelDigestEmail = (digest: AlertDigest, opts: { to: string; accountEmail: string }): OutgoingEmail =>
  brandedEmail({
    to: opts.to,
    subject: digest.headline,
    heading: digest.headline,
    tone: digest.tone,
    paragraphs: [DIGEST_NOTICE],
    table: {
      columns: ['Monitor', 'What happened'],
      rows: digestGroups(digest, digestSize(digest)).flatMap((group) => group.items.map((item) => [item.name, `${group.title.replace(/ \(\d+\)$/, '')}: ${item.detail}`])),
    },
    action: { label: 'View incidents', url: digest.links.incidents },
    footer: `You get these alerts because ${opts.accountEmail} added this address to their Upwatch alerts. To stop them, ask ${opts.accountEmail} to remove it.`,
  });

export const emailSender: ChannelSender<'email'> = {
  type: 'email',
  send: async (message, ctx, deps) => {
    const started = deps.now().getTime();
    try {
      const { messageId, latencyMs } = await deps.sendEmail(
        isDigest(message)
          ? channelDigestEmail(message, { to: ctx.config.address, accountEmail: ctx.accountEmail })
          : channelAlertEmail(message, { to: ctx.config.address, timezone: ctx.timezone, accountEmail: ctx.accountEmail }),
      );
      return { ok: true, httpStatus: null, latencyMs, providerReference: messageId };
    } catch (error) {
      return awsErrorOutcome(error, {
        service: 'Amazon SES',
        latencyMs: Math.max(0, deps.now().getTime() - started),
        explainFinal: (name, message) =>
          /MessageRejected|InvalidParameter|AccountSuspended|MailFromDomainNotVerified/i.test(name)
            ? `Amazon SES would not send to this address (${name}${message ? `: ${message}` : ''}).`
            : undefined,
      });
    }
  },
};
