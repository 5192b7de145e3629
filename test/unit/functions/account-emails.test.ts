import { describe, expect, it } from 'vitest';
import { brandedEmail, escapeHtml } from '../../../functions/services/email-layout.js';
import { testNotificationEmail } from '../../../functions/services/account/test-notification-email.js';
import { contactEmail } from '../../../functions/services/public/contact-email.js';
import { TEST_NOTIFICATION_TYPES } from '../../../shared/account/notifications.js';

describe('brandedEmail', () => {
  it('writes the same parts as text and as escaped HTML', () => {
    const mail = brandedEmail({
      to: 'ada@example.com',
      subject: 'Hello',
      heading: 'A <b>heading</b>',
      paragraphs: ['First & only paragraph'],
      details: [['Label', '<script>alert(1)</script>']],
      action: { label: 'Open', url: 'https://app.example.com/a?b=1&c=2' },
      footer: 'Small print',
    });
    expect(mail.text).toContain('A <b>heading</b>\n\nFirst & only paragraph\n\nLabel: <script>alert(1)</script>');
    expect(mail.text).toContain('Open: https://app.example.com/a?b=1&c=2');
    expect(mail.html).toContain('A &lt;b&gt;heading&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://app.example.com/a?b=1&amp;c=2"');
    expect(mail).not.toHaveProperty('replyTo');
  });

  it('escapes every character that matters in HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('testNotificationEmail', () => {
  it.each(TEST_NOTIFICATION_TYPES)('writes a %s test that says it is a test and who asked for it', (type) => {
    const mail = testNotificationEmail({ type, to: 'ops@example.com', requestedBy: 'ada@example.com', appUrl: 'https://app.example.com' });
    expect(mail.to).toBe('ops@example.com');
    expect(`${mail.subject} ${mail.text}`).toMatch(/test/i);
    expect(mail.text).toContain('ada@example.com');
    expect(mail.text).toContain('https://app.example.com/app/settings?section=notifications');
    expect(mail.html).toContain('Upwatch');
  });

  it('gives each type its own subject', () => {
    const subjects = TEST_NOTIFICATION_TYPES.map(
      (type) => testNotificationEmail({ type, to: 'a@example.com', requestedBy: 'b@example.com', appUrl: 'https://x' }).subject,
    );
    expect(new Set(subjects).size).toBe(TEST_NOTIFICATION_TYPES.length);
    expect(subjects[1]).toMatch(/Website Down/);
  });
});

describe('testNotificationEmail samples', () => {
  const base = { to: 'ops@example.com', requestedBy: 'ada@example.com', appUrl: 'https://app.example.com', timezone: 'Asia/Kolkata' };
  const now = new Date('2030-01-07T10:53:00.000Z');

  it('sends a sample down alert through the alert template, in the asking user\'s timezone', () => {
    const mail = testNotificationEmail({ ...base, type: 'incident', now });
    expect(mail.subject).toBe('[Test] Website Down: Example Website');
    expect(mail.text).toContain('Your website is down: your server doesn\'t answer.');
    expect(mail.text).toContain('Down since: Mon, Jan 7, 2030, 4:20 PM GMT+5:30');
    expect(mail.text).toContain('View incident: https://app.example.com/app/incidents');
  });

  it('sends sample daily and weekly reports through the report template', () => {
    const daily = testNotificationEmail({ ...base, type: 'daily_report', now });
    expect(daily.subject).toBe('[Test] Your daily Upwatch report: Jan 7, 2030');
    expect(daily.text).toMatch(/Example API +98\.96% +412 ms +1 +0/);
    const weekly = testNotificationEmail({ ...base, type: 'weekly_report', now });
    expect(weekly.subject).toBe('[Test] Your weekly Upwatch report: Dec 31, 2029 to Jan 7, 2030');
    expect(weekly.text).toContain('How your 3 monitors did from Mon, Dec 31, 2029, 3:30 PM GMT+5:30 to Mon, Jan 7, 2030, 3:30 PM GMT+5:30.');
    expect(weekly.text).toContain('Uptime 99.91% across them. 3 incidents: 1 outage and 2 slow spells.');
    expect(weekly.html).toContain('Example Shop');
  });
});

describe('contactEmail', () => {
  const message = {
    id: '01JNB6Z6Q0000000000000000',
    name: 'Ada <Lovelace>',
    email: 'ada@example.com',
    subject: 'billing' as const,
    message: 'Two lines,\n<b>not bold</b>',
    created_at: '2025-03-01T10:00:00.000Z',
    priority: false,
    respond_by: '2025-03-02T10:00:00.000Z',
    sender: null,
    answered_at: null,
    answered_by: null,
  };

  it('goes to support, with replies going to the sender', () => {
    const mail = contactEmail({ to: 'support@upwatch.example', message });
    expect(mail).toMatchObject({ to: 'support@upwatch.example', replyTo: 'ada@example.com' });
    expect(mail.subject).toBe('[Contact: Billing] Message from Ada <Lovelace>');
  });

  it('carries the message, the sender and a reference, escaped in the HTML', () => {
    const mail = contactEmail({ to: 'support@upwatch.example', message });
    expect(mail.text).toContain('Two lines,\n<b>not bold</b>');
    expect(mail.text).toContain('From: Ada <Lovelace> <ada@example.com>');
    expect(mail.text).toContain(`Reference: ${message.id}`);
    expect(mail.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>not bold</b>');
  });

  it('says when to answer by, and marks a priority message with its target and the sender\'s plan', () => {
    expect(contactEmail({ to: 'support@upwatch.example', message }).text).toContain('Answer by: 2025-03-02T10:00:00.000Z');
    const priority = contactEmail({
      to: 'support@upwatch.example',
      message: { ...message, priority: true, respond_by: '2025-03-01T14:00:00.000Z', sender: { user_id: 'u1', workspace_id: 'w1', plan: 'business' } },
    });
    expect(priority.subject).toBe('[Priority contact: Billing] Message from Ada <Lovelace>');
    expect(priority.text).toContain('Answer by: 2025-03-01T14:00:00.000Z (priority: Support within 4 hours)');
    expect(priority.text).toContain('Account: Signed in; workspace w1 on the Business plan');
  });
});
