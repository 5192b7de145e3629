import { describe, expect, it } from 'vitest';
import { gsmLength, SMS_LIMIT, smsSender, smsText } from '../../../../../functions/services/alerts/channels/sms.js';
import type { SenderDeps } from '../../../../../functions/services/alerts/channels/contract.js';
import { sampleChannelAlert } from '../../../../../functions/services/alerts/channel-alert.js';
import { ACK_URL, acknowledgedAlert, APP_URL, context, downAlert, fakeDeps, NOW, upAlert } from './fixtures.js';

describe('smsText', () => {
  it('says what is down and why, and keeps the acknowledgement link', () => {
    const text = smsText(downAlert());
    expect(text).toBe(`Upwatch: Shop is down (Connection refused). Ack: ${ACK_URL}`);
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_LIMIT);
  });

  it('links to the incident when there is nothing to acknowledge', () => {
    expect(smsText(acknowledgedAlert())).toBe(`Upwatch: Shop is down: acknowledged by ada@example.com. ${APP_URL}/app/incidents/01HZZZINCIDENT`);
    expect(smsText(upAlert())).toBe(`Upwatch: Shop is back up. ${APP_URL}/app/incidents/01HZZZINCIDENT`);
    expect(smsText(sampleChannelAlert({ appUrl: APP_URL, now: NOW }))).toMatch(/^Upwatch: \[Test\] Example Website is down \(Connection timeout\)\. /);
  });

  it('trims the words, never the link, to stay in one SMS', () => {
    const text = smsText(downAlert({ monitorName: 'A very long monitor name for the checkout service of the shop in the eu region number one, the primary' }));
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_LIMIT);
    expect(text.endsWith(`. Ack: ${ACK_URL}`)).toBe(true);
    expect(text).not.toContain('Connection refused');
    expect(text).toMatch(/^Upwatch: A very long monitor name.*\.\.\.\. Ack: /);
    expect(gsmLength(text)).toBeGreaterThanOrEqual(SMS_LIMIT - 2);
  });

  it('replaces typographic quotes with GSM ones and counts other scripts as UCS-2 (70 to an SMS)', () => {
    expect(smsText(downAlert({ monitorName: 'Ada’s “shop”' }))).toContain(`Ada's "shop" is down`);
    const text = smsText(downAlert({ monitorName: 'ショップのメインサイトとその他のサービスの監視' }));
    expect(gsmLength(text)).toBeNull();
    expect(text.endsWith(`. Ack: ${ACK_URL}`)).toBe(true);
    expect([...text].length).toBeLessThanOrEqual(70);
  });
});

describe('smsSender', () => {
  const ctx = context<'sms'>({ phone: '+14155550123' });

  it('publishes the text to the phone and keeps the SNS message id', async () => {
    const { deps, sms } = fakeDeps();
    expect(await smsSender.send(downAlert(), ctx, deps)).toEqual({ ok: true, httpStatus: null, latencyMs: 30, providerReference: 'sns-1' });
    expect(sms).toEqual([{ phone: '+14155550123', text: smsText(downAlert()) }]);
  });

  const failing = (error: unknown): SenderDeps => ({ ...fakeDeps().deps, publishSms: () => Promise.reject(error) });
  const awsError = (name: string, status: number | undefined, message = 'nope') => Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });

  it('tries again when SNS throttles or fails on its side, and gives up on a bad number or an opted-out phone', async () => {
    expect(await smsSender.send(downAlert(), ctx, failing(awsError('ThrottlingException', 400, 'Rate exceeded')))).toMatchObject({
      ok: false,
      retryable: true,
      httpStatus: 400,
      error: 'Amazon SNS asked us to slow down (ThrottlingException: Rate exceeded); we try again.',
    });
    expect(await smsSender.send(downAlert(), ctx, failing(awsError('InternalErrorException', 500)))).toMatchObject({ retryable: true, httpStatus: 500 });
    expect(await smsSender.send(downAlert(), ctx, failing(new Error('socket hang up')))).toMatchObject({ retryable: true, httpStatus: null });
    expect(await smsSender.send(downAlert(), ctx, failing(awsError('InvalidParameterException', 400, 'Invalid parameter: PhoneNumber')))).toMatchObject({
      ok: false,
      retryable: false,
      error: 'Amazon SNS refused the phone number or the message (InvalidParameterException: Invalid parameter: PhoneNumber): check the number.',
    });
    expect(await smsSender.send(downAlert(), ctx, failing(awsError('OptedOutException', 400)))).toMatchObject({ retryable: false, error: expect.stringContaining('START') });
  });
});
