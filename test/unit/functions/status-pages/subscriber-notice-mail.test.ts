import { describe, expect, it } from 'vitest';
import { encodedWords, rawMimeMessage } from '../../../../functions/repositories/raw-mail-repository.js';
import { noticeMail } from '../../../../functions/services/status-pages/subscribers/notice-mail.js';
import type { IncidentUpdate } from '../../../../shared/incidents/updates.js';
import { touchedComponents, type NoticeIncident, type SubscriberNotice } from '../../../../shared/status-pages/subscriber-notices.js';

/** A subscriber's mail (docs/status-pages.md "Subscriber mails"): words, the update's HTML, and the one-click unsubscribe headers. */
const page = { id: 'p1', name: 'Acme <status>', slug: 'acme', accent_color: '#ffcc00' };
const components = [
  { id: 'c-api', monitor_id: 'm-api', display_name: 'Public API', group: null },
  { id: 'c-web', monitor_id: 'm-web', display_name: 'Website', group: null },
];
const incident: NoticeIncident = {
  id: '01KINCIDENT',
  monitor_id: 'm-api',
  alert_type: 'down',
  status: 'open',
  started_at: '2026-11-27T10:00:00.000Z',
  resolved_at: null,
  has_updates: false,
  latest_update: null,
};
const unsubscribeUrl = 'https://app.example.com/status/acme/unsubscribe?token=01KSUB.mac';

const mailOf = (notice: SubscriberNotice) =>
  noticeMail({
    to: 'reader@example.com',
    notice,
    page,
    touched: touchedComponents(notice, { id: page.id, components, show_automatic_incidents: true }),
    appUrl: 'https://app.example.com',
    unsubscribeUrl,
  });

describe('the mail of each notice', () => {
  it('an incident opened: "[page] title: Investigating", the components, a link to the incident on the page', () => {
    const mail = mailOf({ kind: 'incident_opened', incident });
    expect(mail.subject).toBe('[Acme <status>] Public API is down: Investigating');
    expect(mail.text).toContain('It started at 27 Nov 2026, 10:00 UTC');
    expect(mail.text).toContain('Affected: Public API (major outage)');
    expect(mail.text).toContain('Status page: https://app.example.com/status/acme#incident-01KINCIDENT');
    // The page's name is text in the HTML, never markup.
    expect(mail.html).toContain('Acme &lt;status&gt;');
    expect(mail.html).not.toContain('<status>');
  });

  it("an update: its status in the subject, the owner's words as typed in the text part and the stored sanitized HTML in the HTML part", () => {
    const update: IncidentUpdate = {
      id: 'u1',
      status: 'monitoring',
      message: 'Fixed by **rolling back**. <script>alert(1)</script>',
      message_html: '<p>Fixed by <strong>rolling back</strong>. &lt;script&gt;alert(1)&lt;/script&gt;</p>',
      impact: { 'm-api': 'partial', 'm-web': 'degraded' },
      created_at: '2026-11-27T10:20:00.000Z',
    };
    const mail = mailOf({ kind: 'incident_updated', incident: { ...incident, has_updates: true, latest_update: update }, update });
    expect(mail.subject).toBe('[Acme <status>] Public API is down: Monitoring');
    expect(mail.text).toContain('Fixed by **rolling back**.');
    expect(mail.html).toContain('<p>Fixed by <strong>rolling back</strong>. &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Affected: Public API (partial outage), Website (degraded performance)');
  });

  it('an incident resolved', () => {
    const mail = mailOf({ kind: 'incident_resolved', incident: { ...incident, status: 'resolved', resolved_at: '2026-11-27T10:42:00.000Z' } });
    expect(mail.subject).toBe('[Acme <status>] Public API is down: Resolved');
    expect(mail.text).toContain('it lasted from 27 Nov 2026, 10:00 UTC to 27 Nov 2026, 10:42 UTC');
  });

  it("maintenance: its title, the times in UTC and in the window's own zone, what it affects", () => {
    const mail = mailOf({
      kind: 'maintenance_scheduled',
      window: { id: 'w1', title: 'Database upgrade', description: 'Read-only for a few minutes.', time_zone: 'Asia/Kolkata', monitor_ids: ['m-web'], status_page_id: null },
      occurrence: { starts_at: '2026-11-29T04:30:00.000Z', ends_at: '2026-11-29T05:30:00.000Z' },
    });
    expect(mail.subject).toBe('[Acme <status>] Maintenance scheduled: Database upgrade');
    expect(mail.text).toContain('We have planned maintenance. The times are below.');
    expect(mail.text).toContain('Starts: 29 Nov 2026, 04:30 UTC');
    expect(mail.text).toContain('Ends: 29 Nov 2026, 05:30 UTC');
    expect(mail.text).toContain('Read-only for a few minutes.');
    expect(mail.text).toMatch(/Local time: Sun, Nov 29, 2026, 10:00 AM GMT\+5:30 \(Asia\/Kolkata\) to Sun, Nov 29, 2026, 11:00 AM GMT\+5:30/);
    expect(mail.text).toContain('Affects: Website');
  });
});

describe('unsubscribing from any mail', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) and the same link in its footer', () => {
    const mail = mailOf({ kind: 'incident_opened', incident });
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
  });

  it('the raw message has the headers, one line each, and both parts', () => {
    const mail = mailOf({ kind: 'incident_opened', incident });
    const raw = rawMimeMessage(mail, { from: 'Upwatch <alerts@example.com>', boundary: 'b1', date: new Date('2026-11-27T10:01:00.000Z') });
    const head = raw.split('\r\n\r\n')[0]!.split('\r\n');
    expect(head).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(head).toContain('To: reader@example.com');
    expect(head).toContain('Content-Type: multipart/alternative; boundary="b1"');
    expect(raw).toContain('Content-Type: text/plain; charset=UTF-8');
    expect(raw).toContain('Content-Type: text/html; charset=UTF-8');
    expect(raw.trimEnd().endsWith('--b1--')).toBe(true);
    const text = raw.split('Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n')[1]!.split('\r\n--b1')[0]!;
    expect(Buffer.from(text.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe(mail.text);
  });

  it('a header value cannot start a header of its own', () => {
    const raw = rawMimeMessage(
      { to: 'a@example.com', subject: 'Hi\r\nBcc: victim@example.com', text: 't', html: 'h', headers: { 'List-Unsubscribe': '<https://x>\r\nBcc: victim@example.com' } },
      { from: 'f@example.com', boundary: 'b', date: new Date(0) },
    );
    expect(raw.split('\r\n\r\n')[0]!.split('\r\n').filter((line) => line.startsWith('Bcc'))).toEqual([]);
  });

  it('a subject that is not plain ASCII goes as encoded words that read back the same', () => {
    const subject = '[Café ☕ status] Zahlungsdienst ist nicht erreichbar: Investigating — ünd so weiter';
    const encoded = encodedWords(subject);
    const words = encoded.split('\r\n ');
    expect(words.every((word) => word.length <= 75 && /^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/.test(word))).toBe(true);
    expect(words.map((word) => Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).join('')).toBe(subject);
  });
});
