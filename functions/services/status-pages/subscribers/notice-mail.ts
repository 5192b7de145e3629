import { INCIDENT_UPDATE_STATUS_TEXT } from '../../../../shared/incidents/updates.js';
import type { SubscriberNotice, TouchedComponent } from '../../../../shared/status-pages/subscriber-notices.js';
import { publicIncidentTitle } from '../../../../shared/status-pages/texts.js';
import type { OutgoingEmailWithHeaders } from '../../../repositories/raw-mail-repository.js';
import { escapeHtml, formatEmailTime } from '../../email-layout.js';
import { accentPalette } from '../html/accent-colour.js';
import { incidentAnchor, maintenanceAnchor } from '../html/anchors.js';
import { formatDateTime } from '../html/format-time.js';
import { IMPACT_TEXT } from '../html/texts.js';

/**
 * One mail to one subscriber of a status page (docs/status-pages.md "Subscriber mails"): written in
 * the page's name, not ours, plain and short. The subject names the page and what happened
 * ("[Acme status] Public API is down: Investigating"); the body says it in a sentence, gives the
 * owner's update where there is one (the HTML part shows its stored, sanitized HTML; the text part
 * the words as typed), the components it touches and a link to the page. Every mail carries the
 * one-click unsubscribe headers (RFC 8058) and the same link in its footer.
 */
export interface NoticeMailInput {
  to: string;
  notice: SubscriberNotice;
  page: { name: string; slug: string; accent_color: string | null };
  /** The page's components the notice touches (touchedComponents), never empty. */
  touched: readonly TouchedComponent[];
  appUrl: string;
  unsubscribeUrl: string;
}

/** The two headers that let a mail client offer "Unsubscribe" and do it in one click. */
export const unsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

interface MailParts {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The owner's update: its text for the plain part, its sanitized HTML for the HTML part. */
  update?: { text: string; html: string };
  details: [string, string][];
  anchor: string;
}

const componentList = (touched: readonly TouchedComponent[]): string =>
  touched.map(({ component, impact }) => (impact ? `${component.display_name} (${IMPACT_TEXT[impact]})` : component.display_name)).join(', ');

/** "Tue, Mar 3, 2026, 1:30 AM GMT+5:30 (Asia/Kolkata)": a maintenance time as the window's own clock shows it. */
const inZone = (at: string, zone: string): string => `${formatEmailTime(at, zone)} (${zone})`;

const partsOf = (input: NoticeMailInput): MailParts => {
  const { notice, page, touched } = input;
  const tag = `[${page.name}]`;
  if (!('incident' in notice)) {
    const { window, occurrence } = notice;
    const what = { maintenance_scheduled: 'Maintenance scheduled', maintenance_started: 'Maintenance started', maintenance_ended: 'Maintenance ended' }[
      notice.kind
    ];
    const opening = {
      maintenance_scheduled: 'We have planned maintenance. The times are below.',
      maintenance_started: `Maintenance has started and is planned to end at ${formatDateTime(occurrence.ends_at)}.`,
      maintenance_ended: 'Maintenance is over. Thank you for your patience.',
    }[notice.kind];
    return {
      subject: `${tag} ${what}: ${window.title}`,
      heading: `${what}: ${window.title}`,
      paragraphs: [opening, ...(window.description ? [window.description] : [])],
      details: [
        ['Starts', formatDateTime(occurrence.starts_at)],
        ['Ends', formatDateTime(occurrence.ends_at)],
        ...(window.time_zone === 'UTC'
          ? []
          : ([[`Local time`, `${inZone(occurrence.starts_at, window.time_zone)} to ${formatEmailTime(occurrence.ends_at, window.time_zone)}`]] as [string, string][])),
        ['Affects', componentList(touched)],
      ],
      anchor: maintenanceAnchor({ id: window.id, starts_at: occurrence.starts_at }),
    };
  }
  const { incident } = notice;
  const own = touched.find(({ component }) => component.monitor_id === incident.monitor_id) ?? touched[0]!;
  const title = publicIncidentTitle(incident.alert_type, own.component.display_name);
  const anchor = incidentAnchor(incident.id);
  const affected: [string, string] = ['Affected', componentList(touched)];
  switch (notice.kind) {
    case 'incident_opened':
      return {
        subject: `${tag} ${title}: Investigating`,
        heading: `Investigating: ${title}`,
        paragraphs: [`We are looking into it. It started at ${formatDateTime(incident.started_at)}, and we will post updates on our status page.`],
        details: [affected],
        anchor,
      };
    case 'incident_updated': {
      const status = INCIDENT_UPDATE_STATUS_TEXT[notice.update.status];
      return {
        subject: `${tag} ${title}: ${status}`,
        heading: `${status}: ${title}`,
        paragraphs: [],
        update: { text: notice.update.message, html: notice.update.message_html },
        details: [['Posted', formatDateTime(notice.update.created_at)], affected],
        anchor,
      };
    }
    case 'incident_resolved':
      return {
        subject: `${tag} ${title}: Resolved`,
        heading: `Resolved: ${title}`,
        paragraphs: [
          incident.resolved_at
            ? `This is resolved: it lasted from ${formatDateTime(incident.started_at)} to ${formatDateTime(incident.resolved_at)}. Thank you for your patience.`
            : 'This is resolved. Thank you for your patience.',
        ],
        details: [affected],
        anchor,
      };
  }
};

/** One subscriber's mail of one notice, with its List-Unsubscribe headers. */
export const noticeMail = (input: NoticeMailInput): OutgoingEmailWithHeaders => {
  const parts = partsOf(input);
  const pageUrl = `${input.appUrl}/status/${encodeURIComponent(input.page.slug)}#${parts.anchor}`;
  const footer = `You get these e-mails because you subscribed to updates from ${input.page.name}.`;
  const text = [
    parts.heading,
    '',
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(parts.update ? [parts.update.text, ''] : []),
    ...parts.details.map(([label, value]) => `${label}: ${value}`),
    '',
    `Status page: ${pageUrl}`,
    '',
    '--',
    footer,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');

  const { accent, onAccent, accentText } = accentPalette(input.page.accent_color);
  const detailRows = parts.details
    .map(
      ([label, value]) =>
        `<tr><td style="padding: 4px 12px 4px 0; color: #4b5563; vertical-align: top; white-space: nowrap">${escapeHtml(label)}</td><td style="padding: 4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html><body style="margin: 0; background: #f3f4f6; font-family: sans-serif; line-height: 1.5; color: #111827">
<div style="max-width: 600px; margin: 0 auto; background: #ffffff">
<div style="background: ${accent}; color: ${onAccent}; padding: 14px 24px; font-weight: bold; font-size: 18px">${escapeHtml(input.page.name)}</div>
<div style="padding: 24px">
<h1 style="margin: 0 0 16px; font-size: 20px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((paragraph) => `<p style="margin: 0 0 14px">${escapeHtml(paragraph)}</p>`).join('\n')}
${parts.update ? `<div style="margin: 0 0 16px">${parts.update.html}</div>` : ''}
<table style="border-collapse: collapse; margin: 0 0 16px">${detailRows}</table>
<p style="margin: 0 0 14px"><a href="${escapeHtml(pageUrl)}" style="color: ${accentText}">View the status page</a></p>
</div>
<div style="padding: 12px 24px; color: #4b5563; font-size: 12px">${escapeHtml(footer)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color: #4b5563">Unsubscribe</a></div>
</div>
</body></html>`;

  return { to: input.to, subject: parts.subject, text, html, headers: unsubscribeHeaders(input.unsubscribeUrl) };
};
