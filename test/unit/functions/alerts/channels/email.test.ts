import { describe, expect, it } from 'vitest';
import { channelAlertEmail, emailSender } from '../../../../../functions/services/alerts/channels/email.js';
import type { SenderDeps } from '../../../../../functions/services/alerts/channels/contract.js';
import { sampleChannelAlert } from '../../../../../functions/services/alerts/channel-alert.js';
import { alertEmail } from '../../../../../functions/services/alerts/alert-email.js';
import { ACK_URL, acknowledgedAlert, APP_URL, context, DOWN_AT, downAlert, fakeDeps, NOW, sslExpiringAlert, upAlert } from './fixtures.js';
import { downIncident } from '../../../../../shared/checks/incident-details.js';

const opts = { to: 'oncall@example.com', timezone: 'UTC', accountEmail: 'owner@example.com' };

describe('channelAlertEmail', () => {
  it('is the owner\'s alert mail, with an Acknowledge button and a footer saying who added the address', () => {
    const mail = channelAlertEmail(downAlert(), opts);
    expect(mail.to).toBe('oncall@example.com');
    expect(mail.subject).toBe('Website Down: Shop');
    expect(mail.text).toContain(`View incident: ${APP_URL}/app/incidents/01HZZZINCIDENT`);
    expect(mail.text).toContain(`Acknowledge: ${ACK_URL}`);
    expect(mail.html).toContain(`href="${ACK_URL}"`);
    expect(mail.text).toContain('You get these alerts because owner@example.com added this address to their Upwatch alerts.');

    // The same words as the owner's own mail of the same transition: one source.
    const text = downIncident({ errorCategory: 'connection_refused', statusCode: null, responseTimeMs: null });
    const owners = alertEmail({
      to: 'owner@example.com',
      timezone: 'UTC',
      appUrl: APP_URL,
      monitorName: 'Shop',
      monitorUrl: 'https://shop.example.com/',
      alert: { transitionId: 't', event: 'down', monitorId: 'm1', round: DOWN_AT, incidentId: '01HZZZINCIDENT', title: text.title, message: text.message, details: text.details, occurredAt: DOWN_AT, since: DOWN_AT },
    });
    const body = (value: string) => value.split('— Upwatch')[0]!.replace(/Acknowledge: .*\n\n/, '');
    expect(body(mail.text)).toBe(body(owners.text));
  });

  it('words a recovery, an acknowledgement, a certificate alert and a test like the mail', () => {
    const up = channelAlertEmail(upAlert(), opts);
    expect(up.subject).toBe('Website Recovered: Shop');
    expect(up.text).toContain('Downtime: 12 minutes');
    expect(up.text).not.toContain('Acknowledge:');
    const acknowledged = channelAlertEmail(acknowledgedAlert(), opts);
    expect(acknowledged.subject).toBe('Website Down acknowledged: Shop');
    expect(acknowledged.text.split('\n')[0]).toBe('Shop is down: acknowledged by ada@example.com');
    expect(acknowledged.text).toContain('Down since: Mon, Jan 7, 2030, 10:50 AM UTC');
    expect(acknowledged.text).toContain('Acknowledged at: Mon, Jan 7, 2030, 10:55 AM UTC');
    expect(acknowledged.text).not.toContain('Acknowledge:');
    expect(channelAlertEmail(sslExpiringAlert(), opts).text).toContain(`View monitor: ${APP_URL}/app/monitors/m1`);
    expect(channelAlertEmail(sslExpiringAlert(), opts).text).toMatch(/Expires: .*Jan 20, 2030/);
    const test = channelAlertEmail(sampleChannelAlert({ appUrl: APP_URL, now: NOW }), opts);
    expect(test.subject).toBe('[Test] Website Down: Example Website');
    expect(test.text).toContain('This is a test alert with sample data');
    expect(test.text).toContain('Sent because the Upwatch account owner@example.com asked for a test of this alert channel.');
  });
});

describe('emailSender', () => {
  const ctx = context<'email'>({ address: 'oncall@example.com' });

  it('sends the mail and keeps the SES message id', async () => {
    const { deps, mails } = fakeDeps();
    expect(await emailSender.send(downAlert(), ctx, deps)).toEqual({ ok: true, httpStatus: null, latencyMs: 20, providerReference: 'ses-1' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'oncall@example.com', subject: 'Website Down: Shop' });
  });

  it('tries again when SES throttles and gives up when it rejects the message', async () => {
    const failing = (error: unknown): SenderDeps => ({ ...fakeDeps().deps, sendEmail: () => Promise.reject(error) });
    const throttled = Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'Throttling', $metadata: { httpStatusCode: 400 } });
    expect(await emailSender.send(downAlert(), ctx, failing(throttled))).toMatchObject({ ok: false, retryable: true });
    const rejected = Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected', $metadata: { httpStatusCode: 400 } });
    expect(await emailSender.send(downAlert(), ctx, failing(rejected))).toMatchObject({
      ok: false,
      retryable: false,
      error: 'Amazon SES would not send to this address (MessageRejected: Email address is not verified.).',
    });
  });
});
