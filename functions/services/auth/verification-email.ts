import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { escapeHtml } from './email-html.js';

export const verificationLink = (appUrl: string, token: string): string =>
  `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;

/** The e-mail that carries the verification link, as plain text and HTML. */
export const verificationEmail = (opts: { appUrl: string; to: string; name: string; token: string }): OutgoingEmail => {
  const link = verificationLink(opts.appUrl, opts.token);
  const text = [
    `Hi ${opts.name},`,
    '',
    'Thanks for signing up for Upwatch. Please confirm your email address by opening this link:',
    '',
    link,
    '',
    'The link expires in 24 hours. If you did not create an Upwatch account, you can ignore this email.',
    '',
    '— Upwatch',
  ].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #111827">
<p>Hi ${escapeHtml(opts.name)},</p>
<p>Thanks for signing up for Upwatch. Please confirm your email address:</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">Verify email address</a></p>
<p>Or open this link: <a href="${href}">${href}</a></p>
<p>The link expires in 24 hours. If you did not create an Upwatch account, you can ignore this email.</p>
<p>— Upwatch</p>
</body></html>`;
  return { to: opts.to, subject: 'Verify your Upwatch email address', text, html };
};
