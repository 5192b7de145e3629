import type { OutgoingEmail } from '../repositories/mail-repository.js';

/**
 * A plain branded e-mail, as text and HTML from the same parts. Every part is text: it is escaped
 * for the HTML, so user-supplied words (a name, a contact message) cannot inject markup.
 */
export interface BrandedEmailParts {
  to: string;
  subject: string;
  heading: string;
  paragraphs: readonly string[];
  /** Label and value rows, shown as a small table. */
  details?: readonly (readonly [string, string])[];
  /** A link button: label and URL. */
  action?: { label: string; url: string };
  /** Small print under the message. */
  footer?: string;
  replyTo?: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const paragraphHtml = (text: string): string =>
  `<p style="margin: 0 0 14px; white-space: pre-wrap">${escapeHtml(text)}</p>`;

export const brandedEmail = (parts: BrandedEmailParts): OutgoingEmail => {
  const details = parts.details ?? [];
  const text = [
    parts.heading,
    '',
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    '— Upwatch',
    ...(parts.footer ? ['', parts.footer] : []),
  ].join('\n');

  const detailRows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding: 4px 12px 4px 0; color: #6b7280; vertical-align: top">${escapeHtml(label)}</td>` +
        `<td style="padding: 4px 0; white-space: pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html><body style="margin: 0; background: #f3f4f6; font-family: sans-serif; line-height: 1.5; color: #111827">
<div style="max-width: 600px; margin: 0 auto; background: #ffffff">
<div style="background: #2563eb; color: #ffffff; padding: 14px 24px; font-weight: bold; font-size: 18px">Upwatch</div>
<div style="padding: 24px">
<h1 style="margin: 0 0 16px; font-size: 20px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map(paragraphHtml).join('\n')}
${detailRows ? `<table style="border-collapse: collapse; margin: 0 0 16px">${detailRows}</table>` : ''}
${
  parts.action
    ? `<p><a href="${escapeHtml(parts.action.url)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(parts.action.label)}</a></p>`
    : ''
}
<p style="margin: 16px 0 0">— Upwatch</p>
</div>
${parts.footer ? `<div style="padding: 12px 24px; color: #6b7280; font-size: 12px">${escapeHtml(parts.footer)}</div>` : ''}
</div>
</body></html>`;

  return { to: parts.to, subject: parts.subject, text, html, ...(parts.replyTo ? { replyTo: parts.replyTo } : {}) };
};
