import { describe, expect, it } from 'vitest';
import { PAGERDUTY_EVENTS_URL, pagerdutyEvent, pagerdutyOutcome, pagerdutySender } from '../../../../../functions/services/alerts/channels/pagerduty.js';
import { sampleChannelAlert } from '../../../../../functions/services/alerts/channel-alert.js';
import { ACK_URL, acknowledgedAlert, answer, APP_URL, context, DOWN_AT, downAlert, fakeDeps, NOW, slowAlert, slowResolvedAlert, sslExpiringAlert, sslInvalidAlert, upAlert } from './fixtures.js';

const ROUTING_KEY = 'R0123456789abcdef0123456789abcde';

describe('pagerdutyEvent', () => {
  it('triggers an opened incident with dedup_key = the incident id, a payload and links', () => {
    const event = pagerdutyEvent(downAlert(), ROUTING_KEY, 'd1');
    expect(event).toMatchObject({
      routing_key: ROUTING_KEY,
      event_action: 'trigger',
      dedup_key: '01HZZZINCIDENT',
      payload: {
        summary: 'Shop is down: Your website is down: your server is refusing connections.',
        source: 'shop.example.com',
        severity: 'critical',
        timestamp: DOWN_AT,
        component: 'Shop',
        group: 'upwatch',
        class: 'down',
        custom_details: { error_category: 'connection_refused', regions: 'Down in: eu-west-1, us-east-1 · Up in: ap-south-1' },
      },
      links: [
        { href: `${APP_URL}/app/incidents/01HZZZINCIDENT`, text: 'View incident in Upwatch' },
        { href: ACK_URL, text: 'Acknowledge in Upwatch' },
      ],
    });
  });

  it('keeps the summary within 1024 characters', () => {
    const long = pagerdutyEvent(downAlert({ monitorName: 'x'.repeat(2000) }), ROUTING_KEY, 'd1');
    expect('payload' in long && long.payload.summary.length).toBe(1024);
  });

  it('resolves and acknowledges the same incident, with no payload', () => {
    expect(pagerdutyEvent(upAlert(), ROUTING_KEY, 'd1')).toEqual({ routing_key: ROUTING_KEY, event_action: 'resolve', dedup_key: '01HZZZINCIDENT' });
    expect(pagerdutyEvent(acknowledgedAlert(), ROUTING_KEY, 'd1')).toEqual({ routing_key: ROUTING_KEY, event_action: 'acknowledge', dedup_key: '01HZZZINCIDENT' });
    expect(pagerdutyEvent(slowResolvedAlert(), ROUTING_KEY, 'd1')).toMatchObject({ event_action: 'resolve', dedup_key: '01HZZZSLOW' });
  });

  it('is a warning for slow and certificate alerts, which trigger per monitor', () => {
    expect(pagerdutyEvent(slowAlert(), ROUTING_KEY, 'd1')).toMatchObject({ event_action: 'trigger', dedup_key: '01HZZZSLOW', payload: { severity: 'warning', class: 'slow' } });
    for (const alert of [sslExpiringAlert(), sslInvalidAlert()]) {
      expect(pagerdutyEvent(alert, ROUTING_KEY, 'd1')).toMatchObject({ event_action: 'trigger', dedup_key: 'ssl:m1', payload: { severity: 'warning', class: 'ssl' } });
    }
  });

  it('sends a test as info under its own key, so it pages no one and touches no incident', () => {
    const event = pagerdutyEvent(sampleChannelAlert({ appUrl: APP_URL, now: NOW }), ROUTING_KEY, 'd1');
    expect(event).toMatchObject({ event_action: 'trigger', dedup_key: 'test:d1', payload: { severity: 'info', summary: expect.stringMatching(/^\[Test\] /) } });
  });
});

describe('pagerdutyOutcome and the sender', () => {
  it('posts to the Events API and keeps the dedup_key as the reference', async () => {
    const { deps, requests } = fakeDeps(answer(202, '{"status":"success","message":"Event processed","dedup_key":"01HZZZINCIDENT"}'));
    const outcome = await pagerdutySender.send(downAlert(), context<'pagerduty'>({ routing_key: ROUTING_KEY }), deps);
    expect(outcome).toEqual({ ok: true, httpStatus: 202, latencyMs: 42, providerReference: '01HZZZINCIDENT' });
    expect(requests[0]!.url).toBe(PAGERDUTY_EVENTS_URL);
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ event_action: 'trigger', dedup_key: '01HZZZINCIDENT' });
  });

  it('gives up on 400 and tries again after 429 and 5xx', () => {
    expect(pagerdutyOutcome(answer(400, '{"status":"invalid event","message":"Event object is invalid","errors":["\'routing_key\' is missing or blank"]}'), 'k', NOW)).toMatchObject({
      ok: false,
      retryable: false,
      error: "PagerDuty rejected the event (400 Event object is invalid: 'routing_key' is missing or blank): check that the routing key is the integration key of an Events API v2 integration.",
    });
    expect(pagerdutyOutcome(answer(429, '{"status":"throttle event"}', { 'retry-after': '2' }), 'k', NOW)).toMatchObject({ retryable: true, retryAfterSeconds: 2 });
    expect(pagerdutyOutcome(answer(500), 'k', NOW)).toMatchObject({ retryable: true });
    expect(pagerdutyOutcome(answer(202, 'not json'), 'k', NOW)).toMatchObject({ ok: true, providerReference: 'k' });
  });
});
