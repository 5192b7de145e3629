import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { greetingLine } from './greeting.js';
import { brandedEmail } from '../email-layout.js';

/** The reset page of the SPA (docs/product-rules.md "Auth flows and token lifetimes": /reset-password reads the token from the query string). */
export const resetPasswordLink = (appUrl: string, token: string): string =>
  `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** The e-mail that carries the password reset link, in the layout every Upwatch e-mail shares. */
export const resetPasswordEmail = (opts: { appUrl: string; to: string; name: string; token: string }): OutgoingEmail =>
  brandedEmail({
    to: opts.to,
    subject: 'Reset your Upwatch password',
    heading: 'Reset your password',
    paragraphs: [
      greetingLine(opts.name),
      'We received a request to reset the password of your Upwatch account. To choose a new password, open this link:',
    ],
    action: { label: 'Reset password', url: resetPasswordLink(opts.appUrl, opts.token) },
    footer:
      'The link expires in 1 hour and can be used once. If you did not ask to reset your password, you can ignore this email; your password stays the same.',
  });
