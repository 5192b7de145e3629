import type { OutgoingEmail } from '../repositories/mail-repository.js';

/**
 * The one layout of every e-mail Upwatch sends (links, alerts, reports, tests, contact copies), as
 * text and HTML from the same parts. Every part is text: it is escaped for the HTML, so
 * user-supplied words (a name, a monitor name, a contact message) cannot inject markup. Inline
 * styles and tables only, since mail clients ignore style sheets.
 */
export interface BrandedEmailParts {
  to: string;
  subject: string;
  heading: string;
  /** A coloured bar beside the heading: red for trouble, amber for a warning, green for good news. */
  tone?: EmailTone;
  paragraphs: readonly string[];
  /** Label and value rows, shown as a small table. */
  details?: readonly (readonly [string, string])[];
  /** A table with a header row (a report's monitors); cells are text. */
  table?: { columns: readonly string[]; rows: readonly (readonly string[])[] };
  /** A link button: label and URL. */
  action?: { label: string; url: string };
  /** A second link button beside the first (an alert's "Acknowledge"). */
  secondaryAction?: { label: string; url: string };
  /** Small print under the message. */
  footer?: string;
  replyTo?: string;
}

export type EmailTone = 'alert' | 'warning' | 'ok';

const TONE_COLOURS: Record<EmailTone, string> = { alert: '#dc2626', warning: '#d97706', ok: '#16a34a' };

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const paragraphHtml = (text: string): string =>
  `<p style="margin: 0 0 14px; white-space: pre-wrap">${escapeHtml(text)}</p>`;

/** A table as text: columns padded to their widest cell, so it lines up in a monospace reader. */
const tableText = (table: NonNullable<BrandedEmailParts['table']>): string[] => {
  const widths = table.columns.map((column, i) => Math.max(column.length, ...table.rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(table.columns), ...table.rows.map(line)];
};

const tableHtml = (table: NonNullable<BrandedEmailParts['table']>): string => {
  const cell = (tag: 'th' | 'td', text: string, i: number) =>
    `<${tag} style="padding: 6px 10px; border-bottom: 1px solid #e5e7eb; text-align: ${i === 0 ? 'left' : 'right'}${tag === 'th' ? '; color: #6b7280; font-weight: 600' : ''}">${escapeHtml(text)}</${tag}>`;
  const head = `<tr>${table.columns.map((column, i) => cell('th', column, i)).join('')}</tr>`;
  const body = table.rows.map((row) => `<tr>${row.map((text, i) => cell('td', text, i)).join('')}</tr>`).join('');
  return `<table style="border-collapse: collapse; width: 100%; margin: 0 0 16px; font-size: 14px">${head}${body}</table>`;
};

export const brandedEmail = (parts: BrandedEmailParts): OutgoingEmail => {
  const details = parts.details ?? [];
  const text = [
    parts.heading,
    '',
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(parts.table ? [...tableText(parts.table), ''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.secondaryAction ? [`${parts.secondaryAction.label}: ${parts.secondaryAction.url}`, ''] : []),
    '— Upwatch',
    ...(parts.footer ? ['', parts.footer] : []),
  ].join('\n');

  const detailRows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding: 4px 12px 4px 0; color: #6b7280; vertical-align: top; white-space: nowrap">${escapeHtml(label)}</td>` +
        `<td style="padding: 4px 0; white-space: pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const headingStyle = parts.tone
    ? `margin: 0 0 16px; font-size: 20px; padding-left: 12px; border-left: 4px solid ${TONE_COLOURS[parts.tone]}`
    : 'margin: 0 0 16px; font-size: 20px';
  const html = `<!doctype html>
<html><body style="margin: 0; background: #f3f4f6; font-family: sans-serif; line-height: 1.5; color: #111827">
<div style="max-width: 600px; margin: 0 auto; background: #ffffff">
<div style="background: #2563eb; color: #ffffff; padding: 14px 24px; font-weight: bold; font-size: 18px">Upwatch</div>
<div style="padding: 24px">
<h1 style="${headingStyle}">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map(paragraphHtml).join('\n')}
${detailRows ? `<table style="border-collapse: collapse; margin: 0 0 16px">${detailRows}</table>` : ''}
${parts.table ? tableHtml(parts.table) : ''}
${
  parts.action
    ? `<p><a href="${escapeHtml(parts.action.url)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(parts.action.label)}</a></p>
<p style="margin: 0 0 14px; font-size: 12px; color: #6b7280">Or open this link: <a href="${escapeHtml(parts.action.url)}" style="color: #2563eb">${escapeHtml(parts.action.url)}</a></p>`
    : ''
}${
  parts.secondaryAction
    ? `\n<p><a href="${escapeHtml(parts.secondaryAction.url)}" style="display: inline-block; padding: 10px 18px; border: 1px solid #2563eb; color: #2563eb; text-decoration: none; border-radius: 6px">${escapeHtml(parts.secondaryAction.label)}</a></p>`
    : ''
}
<p style="margin: 16px 0 0">— Upwatch</p>
</div>
${parts.footer ? `<div style="padding: 12px 24px; color: #6b7280; font-size: 12px">${escapeHtml(parts.footer)}</div>` : ''}
</div>
</body></html>`;

  return { to: parts.to, subject: parts.subject, text, html, ...(parts.replyTo ? { replyTo: parts.replyTo } : {}) };
};

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timezone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
};

/**
 * A time as the reader's clock shows it: "Tue, Jan 1, 2030, 4:20 PM GMT+5:30" in their saved
 * timezone (profile `timezone`). No timezone, or one this runtime does not know, means UTC.
 */
export const formatEmailTime = (at: string | Date, timezone: string | null | undefined): string => {
  const date = typeof at === 'string' ? new Date(at) : at;
  try {
    return formatterFor(timezone || 'UTC').format(date);
  } catch {
    return formatterFor('UTC').format(date);
  }
};

/** A calendar date in the reader's timezone: "Jan 1, 2030". */
export const formatEmailDate = (at: string | Date, timezone: string | null | undefined): string => {
  const date = typeof at === 'string' ? new Date(at) : at;
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone || 'UTC' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date);
  }
};

/** A response time as mails show it: "240 ms", "1.35 s", "—" (none). */
export const formatResponseTime = (ms: number | null): string => {
  if (ms === null) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(2))} s`;
};
