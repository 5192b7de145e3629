import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { escapeHtml } from './email-html.js';

/** The reset page of the SPA (spec 001 §2: /reset-password reads the token from the query string). */
export const resetPasswordLink = (appUrl: string, token: string): string =>
  `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** The e-mail that carries the password reset link, as plain text and HTML. */
export const resetPasswordEmail = (opts: { appUrl: string; to: string; name: string; token: string }): OutgoingEmail => {
  const link = resetPasswordLink(opts.appUrl, opts.token);
  const text = [
    `Hi ${opts.name},`,
    '',
    'We received a request to reset the password of your Upwatch account. To choose a new password, open this link:',
    '',
    link,
    '',
    'The link expires in 1 hour and can be used once. If you did not ask to reset your password, you can ignore this email; your password stays the same.',
    '',
    '— Upwatch',
  ].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #111827">
<p>Hi ${escapeHtml(opts.name)},</p>
<p>We received a request to reset the password of your Upwatch account. To choose a new password:</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">Reset password</a></p>
<p>Or open this link: <a href="${href}">${href}</a></p>
<p>The link expires in 1 hour and can be used once. If you did not ask to reset your password, you can ignore this email; your password stays the same.</p>
<p>— Upwatch</p>
</body></html>`;
  return { to: opts.to, subject: 'Reset your Upwatch password', text, html };
};
