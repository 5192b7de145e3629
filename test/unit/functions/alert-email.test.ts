import { describe, expect, it } from 'vitest';
import { alertEmail } from '../../../functions/services/alerts/alert-email.js';
import { formatEmailTime } from '../../../functions/services/email-layout.js';
import { downIncident, recoveredIncident, slowIncident, slowResolvedText } from '../../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';

const DOWN_AT = '2030-01-07T10:50:00.000Z';
const UP_AT = '2030-01-07T11:02:30.000Z';

const alert = (overrides: Partial<AlertEvent>): AlertEvent => {
  const text = downIncident({ errorCategory: 'connection_refused', statusCode: null, responseTimeMs: null });
  return {
    transitionId: `m1#${DOWN_AT}#down`,
    event: 'down',
    monitorId: 'm1',
    round: DOWN_AT,
    incidentId: '01HZZZ',
    title: text.title,
    message: text.message,
    details: text.details,
    occurredAt: DOWN_AT,
    since: DOWN_AT,
    ...overrides,
  };
};

const mail = (event: AlertEvent, timezone: string | null = null) =>
  alertEmail({
    to: 'ada@example.com',
    timezone,
    appUrl: 'https://app.example.com',
    monitorName: 'Shop <main>',
    monitorUrl: 'https://shop.example.com/',
    alert: event,
  });

describe('alertEmail', () => {
  it('writes a down alert with what happened, the impact, what to do and a link to the incidents', () => {
    // A refused connection "took" a millisecond: no response time worth showing.
    const refused = downIncident({ errorCategory: 'connection_refused', statusCode: null, responseTimeMs: 1 });
    const down = mail(alert({ details: refused.details }));
    expect(down.text).not.toContain('Response time');
    expect(down.to).toBe('ada@example.com');
    expect(down.subject).toBe('Website Down: Shop <main>');
    expect(down.text).toContain('Shop <main> is down');
    expect(down.text).toContain('Your website is down: your server is refusing connections.');
    expect(down.text).toContain('User impact: HIGH');
    expect(down.text).toMatch(/What to do: Check that your web server/);
    // "View incident" opens that very incident.
    expect(down.text).toContain('View incident: https://app.example.com/app/incidents/01HZZZ');
    expect(down.html).toContain('href="https://app.example.com/app/incidents/01HZZZ"');
    expect(down.html).toContain('Shop &lt;main&gt; is down');
    expect(down.html).not.toContain('<main>');
  });

  it('says how long the site was down in a recovery, with both times in the owner\'s timezone', () => {
    const text = recoveredIncident({ responseTimeMs: 240, statusCode: 200, downtimeSeconds: 750 });
    const up = mail(
      alert({ event: 'up', transitionId: `m1#${UP_AT}#up`, title: text.title, message: text.message, details: text.details, occurredAt: UP_AT, since: DOWN_AT }),
      'Asia/Kolkata',
    );
    expect(up.subject).toBe('Website Recovered: Shop <main>');
    expect(up.text).toContain('Your website is back up after 12 minutes of downtime.');
    expect(up.text).toContain('Downtime: 12 minutes');
    expect(up.text).toContain(`Down since: ${formatEmailTime(DOWN_AT, 'Asia/Kolkata')}`);
    expect(up.text).toContain('Recovered at: Mon, Jan 7, 2030, 4:32 PM GMT+5:30');
    expect(up.text).toContain('Response time: 240 ms');
    expect(up.text).not.toContain('What to do');
  });

  it('writes times in UTC when the owner has no timezone, or one the runtime does not know', () => {
    expect(mail(alert({}), null).text).toContain('Down since: Mon, Jan 7, 2030, 10:50 AM UTC');
    expect(mail(alert({}), 'Mars/Olympus_Mons').text).toContain('Down since: Mon, Jan 7, 2030, 10:50 AM UTC');
  });

  it('writes a slow alert and the one saying it ended, with how long it lasted', () => {
    const text = slowIncident({ responseTimeMs: 7200, slowThresholdMs: 5000, statusCode: 200 });
    const slow = mail(alert({ event: 'slow', title: text.title, message: text.message, details: text.details, occurredAt: UP_AT, since: DOWN_AT }));
    expect(slow.subject).toBe('Performance Issue: Shop <main>');
    expect(slow.text).toContain('Response time: 7.2 s');
    expect(slow.text).toContain('Slow since: Mon, Jan 7, 2030, 10:50 AM UTC');

    const ended = slowResolvedText(750);
    const resolved = mail(alert({ event: 'slow_resolved', title: ended.title, message: ended.message, details: null, occurredAt: UP_AT, since: DOWN_AT }));
    expect(resolved.subject).toBe('Performance Recovered: Shop <main>');
    expect(resolved.text).toContain('Slow for: 12 minutes');
    expect(resolved.text).toContain('View incident: https://app.example.com/app/incidents/01HZZZ');
  });

  it('marks a test alert as a sample and names who asked for it', () => {
    const test = alertEmail({
      to: 'ops@example.com',
      timezone: null,
      appUrl: 'https://app.example.com',
      monitorName: 'Example Website',
      monitorUrl: 'https://www.example.com',
      alert: alert({}),
      test: { requestedBy: 'ada@example.com' },
    });
    expect(test.subject).toBe('[Test] Website Down: Example Website');
    expect(test.text).toMatch(/^Example Website is down\n\nThis is a test alert with sample data/);
    expect(test.text).toContain('the Upwatch account ada@example.com asked for a test incident alert');
  });
});

describe('alertEmail of a heartbeat monitor (docs/checks.md "Heartbeat monitors")', () => {
  const heartbeatMail = (event: AlertEvent, monitorType?: 'heartbeat' | 'http') =>
    alertEmail({
      to: 'ada@example.com',
      timezone: null,
      appUrl: 'https://app.example.com',
      monitorName: 'Nightly backup',
      monitorUrl: 'heartbeat://m1',
      ...(monitorType ? { monitorType } : {}),
      alert: event,
    });

  it('speaks of the missing heartbeat, not of a website, and shows no HTTP rows', () => {
    const text = downIncident({ errorCategory: 'heartbeat_missing', statusCode: null, responseTimeMs: null }, 'heartbeat');
    const down = heartbeatMail(alert({ title: text.title, message: text.message, details: text.details }), 'heartbeat');
    expect(down.subject).toBe('Heartbeat Missed: Nightly backup');
    expect(down.text).toContain('Nightly backup missed its heartbeat');
    expect(down.text).toContain('No heartbeat received: your job did not check in on time.');
    expect(down.text).not.toMatch(/website|HTTP status|Response time/i);
  });

  it('names a reported failure as such', () => {
    const text = downIncident({ errorCategory: 'heartbeat_failed', statusCode: null, responseTimeMs: null }, 'heartbeat');
    const down = heartbeatMail(alert({ title: text.title, message: text.message, details: text.details }), 'heartbeat');
    expect(down.subject).toBe('Job Failed: Nightly backup');
    expect(down.text).toContain('Nightly backup reported a failure');
    expect(down.text).toContain('Your job reported a failure.');
  });

  it('says the job checks in again, and for how long it did not', () => {
    const text = recoveredIncident({ responseTimeMs: null, statusCode: null, downtimeSeconds: 750, monitorType: 'heartbeat' });
    const up = heartbeatMail(
      alert({ event: 'up', transitionId: `m1#${UP_AT}#up`, title: text.title, message: text.message, details: text.details, occurredAt: UP_AT, since: DOWN_AT }),
      'heartbeat',
    );
    expect(up.subject).toBe('Heartbeat Received Again: Nightly backup');
    expect(up.text).toContain('Nightly backup is checking in again');
    expect(up.text).toContain('Your job is checking in again after 12 minutes without a good heartbeat.');
    expect(up.text).toContain('Downtime: 12 minutes');
    expect(up.text).not.toMatch(/website/i);
  });

  it('keeps the product\'s subjects when the type is absent (an entry written before it existed) or http', () => {
    expect(heartbeatMail(alert({})).subject).toBe('Website Down: Nightly backup');
    expect(heartbeatMail(alert({}), 'http').subject).toBe('Website Down: Nightly backup');
  });
});
