import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signedWebhookRequest, webhookOutcome, webhookSender } from '../../../../../functions/services/alerts/channels/webhook.js';
import { webhookPayload } from '../../../../../shared/alerts/events.js';
import { answer, context, downAlert, fakeDeps } from './fixtures.js';

// Two secrets of a rotation: the new one first, the old one still signing for 24 hours.
const NEW_SECRET = `whsec_${Buffer.from('a new secret of thirty-two bytes!!').toString('base64')}`;
const OLD_SECRET = `whsec_${Buffer.from('the old secret, still valid a day').toString('base64')}`;
const RECEIVER = 'https://hooks.example.com/upwatch';

const send = async (reply = answer(204)) => {
  // Verification checks the timestamp against the real clock: sign with it.
  const { deps, requests } = fakeDeps(reply, new Date());
  const outcome = await webhookSender.send(downAlert(), context<'webhook'>({ url: RECEIVER }, { signingSecrets: [NEW_SECRET, OLD_SECRET] }), deps);
  return { outcome, request: requests[0]! };
};

describe('webhookSender', () => {
  it('posts the Standard Webhooks payload with its headers', async () => {
    const { outcome, request } = await send();
    expect(outcome).toEqual({ ok: true, httpStatus: 204, latencyMs: 42 });
    expect(request.url).toBe(RECEIVER);
    expect(request.body).toBe(JSON.stringify(webhookPayload(downAlert())));
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Upwatch-Webhooks/1',
      'webhook-id': 'msg_01HZZZDELIVERY',
    });
    expect(request.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
  });

  it('verifies with either secret of a rotation, and a tampered body fails', async () => {
    const { request } = await send();
    for (const secret of [NEW_SECRET, OLD_SECRET]) {
      expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(JSON.parse(request.body));
    }
    const tampered = request.body.replace('Shop is down', 'Shop is fine');
    expect(tampered).not.toBe(request.body);
    expect(() => new Webhook(NEW_SECRET).verify(tampered, request.headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(OLD_SECRET).verify(request.body, { ...request.headers, 'webhook-id': 'msg_other' })).toThrow(WebhookVerificationError);
    const stranger = `whsec_${Buffer.from('somebody else entirely, not ours').toString('base64')}`;
    expect(() => new Webhook(stranger).verify(request.body, request.headers)).toThrow(WebhookVerificationError);
  });

  it('signs the same delivery the same way on a retry at the same second', () => {
    const now = new Date('2030-01-07T10:50:05.900Z');
    const one = signedWebhookRequest({ url: RECEIVER, body: '{}', deliveryId: 'd1', secrets: [NEW_SECRET], now });
    const two = signedWebhookRequest({ url: RECEIVER, body: '{}', deliveryId: 'd1', secrets: [NEW_SECRET], now: new Date('2030-01-07T10:50:05.100Z') });
    expect(one.headers['webhook-timestamp']).toBe('1894013405');
    expect(one.headers['webhook-signature']).toBe(two.headers['webhook-signature']);
    expect(() => signedWebhookRequest({ url: RECEIVER, body: '{}', deliveryId: 'd1', secrets: [], now })).toThrow('no signing secret');
  });
});

describe('webhookOutcome', () => {
  const now = new Date();
  it('takes any 2xx, stops on 410 Gone, and tries again after 429, 5xx and no answer', () => {
    expect(webhookOutcome(answer(200), now)).toMatchObject({ ok: true });
    expect(webhookOutcome(answer(202), now)).toMatchObject({ ok: true });
    expect(webhookOutcome(answer(410), now)).toMatchObject({
      ok: false,
      retryable: false,
      error: 'The receiver answered 410 Gone: it asked us to stop. Point this channel at a new URL, or delete it.',
    });
    expect(webhookOutcome(answer(301, '', { location: 'https://x' }), now)).toMatchObject({ retryable: false, error: expect.stringContaining('a redirect') });
    expect(webhookOutcome(answer(400, 'no'), now)).toMatchObject({ retryable: false, error: 'The receiver rejected the message (400: no).' });
    expect(webhookOutcome(answer(429, '', { 'retry-after': '60' }), now)).toMatchObject({ retryable: true, retryAfterSeconds: 60 });
    expect(webhookOutcome(answer(503), now)).toMatchObject({ retryable: true });
    expect(webhookOutcome(answer(null, '', {}, 'timeout after 10000 ms'), now)).toMatchObject({ retryable: true, httpStatus: null });
  });
});
