import { CHANNEL_CONFIRMATION_LIFETIME_SECONDS, CONFIRM_CHANNEL_PAGE_PATH } from '../../../shared/alerts/confirm-channel.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail } from '../email-layout.js';

/** The SPA's confirmation page for a token (docs/alerts.md "Confirming e-mail recipients"). */
export const channelConfirmationLink = (appUrl: string, token: string): string =>
  `${appUrl}${CONFIRM_CHANNEL_PAGE_PATH}?token=${encodeURIComponent(token)}`;

const LIFETIME_DAYS = CHANNEL_CONFIRMATION_LIFETIME_SECONDS / (24 * 60 * 60);

/**
 * The mail to an address someone added as an alert recipient: who asked, one button to say yes,
 * and that a stranger's request can be ignored (nothing is sent until the button is pressed).
 */
export const channelConfirmationEmail = (opts: { appUrl: string; to: string; owner: string; token: string }): OutgoingEmail =>
  brandedEmail({
    to: opts.to,
    subject: `${opts.owner} wants to send Upwatch alerts to this address`,
    heading: 'Confirm you want Upwatch alerts',
    paragraphs: [
      `${opts.owner} wants to send Upwatch alerts to this address (${opts.to}): a message when one of their monitored websites goes down or comes back up.`,
      'Nothing is sent until you confirm. To receive these alerts, open this link and press "Confirm":',
    ],
    action: { label: 'Confirm alerts to this address', url: channelConfirmationLink(opts.appUrl, opts.token) },
    footer: `The link works for ${LIFETIME_DAYS} days. If you did not expect this e-mail, you can ignore it: no alerts will be sent to you.`,
  });
