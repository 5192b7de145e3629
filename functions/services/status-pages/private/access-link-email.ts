import { PRIVATE_PAGE_LIMITS } from '../../../../shared/status-pages/private-access.js';
import type { OutgoingEmail } from '../../../repositories/mail-repository.js';
import { brandedEmail } from '../../email-layout.js';

/** The magic link of a private page: `GET /status/<slug>/access?token=` (docs/status-pages.md "Private pages"). */
export const accessLinkUrl = (appUrl: string, slug: string, token: string): string =>
  `${appUrl}/status/${slug}/access?token=${encodeURIComponent(token)}`;

/**
 * The mail with a sign-in link to a private status page: which page, one button, how long it
 * works, and that a stranger's request can be ignored.
 */
export const accessLinkEmail = (opts: { appUrl: string; to: string; pageName: string; slug: string; token: string }): OutgoingEmail =>
  brandedEmail({
    to: opts.to,
    subject: `Your link to the ${opts.pageName} status page`,
    heading: 'View the status page',
    paragraphs: [
      `Someone (we hope you) asked to view the private status page "${opts.pageName}" with this address.`,
      'Open this link to view it; it signs you in on this browser:',
    ],
    action: { label: 'View the status page', url: accessLinkUrl(opts.appUrl, opts.slug, opts.token) },
    footer: `The link works for ${PRIVATE_PAGE_LIMITS.magicLinkMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
  });
