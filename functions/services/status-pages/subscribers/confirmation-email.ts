import type { OutgoingEmail } from '../../../repositories/mail-repository.js';
import { brandedEmail } from '../../email-layout.js';
import { CONFIRMATION_LIFETIME_SECONDS } from './subscribe-rules.js';

/** The page a confirmation link opens: it shows one button, so a mail scanner that opens links confirms nothing. */
export const confirmationPath = (slug: string): string => `/status/${encodeURIComponent(slug)}/subscription/confirm`;

export const confirmationUrl = (appUrl: string, slug: string, token: string): string =>
  `${appUrl}${confirmationPath(slug)}?token=${encodeURIComponent(token)}`;

const LIFETIME_HOURS = CONFIRMATION_LIFETIME_SECONDS / 3600;

/**
 * The double opt-in mail (docs/status-pages.md "Subscribers"): which page, what the address will
 * get, one button, and that a stranger's request can be ignored. Every name is text (escaped by the
 * layout), so a page or component name cannot inject markup.
 */
export const subscriberConfirmationEmail = (opts: {
  appUrl: string;
  to: string;
  pageName: string;
  slug: string;
  /** Display names of the chosen components; empty: the whole page. */
  componentNames: readonly string[];
  token: string;
}): OutgoingEmail => {
  const what = opts.componentNames.length
    ? `when something changes on ${opts.componentNames.join(', ')}`
    : 'when something changes on the page';
  return brandedEmail({
    to: opts.to,
    subject: `Confirm your subscription to ${opts.pageName} status updates`,
    heading: 'Confirm your subscription',
    paragraphs: [
      `Someone asked to get e-mails from the ${opts.pageName} status page at this address (${opts.to}): a message ${what}, such as an incident or planned maintenance.`,
      'Nothing is sent until you confirm. To get these updates, open this link and press "Confirm subscription":',
    ],
    action: { label: 'Confirm subscription', url: confirmationUrl(opts.appUrl, opts.slug, opts.token) },
    footer: `The link works for ${LIFETIME_HOURS} hours. If you did not ask for this, ignore this mail: you will not be subscribed.`,
  });
};
