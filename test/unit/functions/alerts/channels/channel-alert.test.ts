import { describe, expect, it } from 'vitest';
import { sampleChannelAlert } from '../../../../../functions/services/alerts/channel-alert.js';
import { alertEmail, alertWording } from '../../../../../functions/services/alerts/alert-email.js';
import { webhookPayload } from '../../../../../shared/alerts/events.js';
import {
  ACK_URL,
  acknowledgedAlert,
  APP_URL,
  DOWN_AT,
  downAlert,
  slowAlert,
  slowResolvedAlert,
  sslExpiringAlert,
  sslInvalidAlert,
  UP_AT,
  upAlert,
} from './fixtures.js';

describe('channelAlert', () => {
  it('opens an incident with the alert mail\'s own heading and tone, the facts and the links', () => {
    const alert = downAlert();
    expect(alert.type).toBe('incident.opened');
    expect(alert.transition).toBe('down');
    expect(alert.headline).toBe('Shop is down');
    expect(alert.tone).toBe('alert');
    expect(alert.test).toBe(false);
    expect(alert.monitor).toEqual({ id: 'm1', name: 'Shop', url: 'https://shop.example.com/', type: 'http' });
    expect(alert.incident).toMatchObject({
      id: '01HZZZINCIDENT',
      kind: 'down',
      title: 'Website Down',
      message: 'Your website is down: your server is refusing connections.',
      started_at: DOWN_AT,
      resolved_at: null,
      duration_seconds: null,
      error_category: 'connection_refused',
      user_impact: 'HIGH',
      status_code: null,
      response_time_ms: null,
    });
    expect(alert.incident.recommended_action).toMatch(/^Check that your web server/);
    // Regions are sorted, so the same round always reads the same.
    expect(alert.regions).toEqual({ down: ['eu-west-1', 'us-east-1'], up: ['ap-south-1'] });
    expect(alert.links).toEqual({
      incident: `${APP_URL}/app/incidents/01HZZZINCIDENT`,
      monitor: `${APP_URL}/app/monitors/m1`,
      acknowledge: ACK_URL,
    });
  });

  it('takes its words from the alert mail: the mail\'s heading is the headline for every transition', () => {
    for (const alert of [downAlert(), upAlert(), slowAlert(), slowResolvedAlert(), sslExpiringAlert(), sslInvalidAlert()]) {
      const wording = alertWording(alert.transition, alert.monitor.type, alert.incident.error_category);
      expect(alert.headline).toBe(wording.heading('Shop'));
      expect(alert.tone).toBe(wording.tone);
    }
    const mail = alertEmail({
      to: 'ada@example.com',
      timezone: null,
      appUrl: APP_URL,
      monitorName: 'Shop',
      monitorUrl: 'https://shop.example.com/',
      alert: {
        transitionId: 't',
        event: 'down',
        monitorId: 'm1',
        round: DOWN_AT,
        incidentId: '01HZZZINCIDENT',
        title: downAlert().incident.title,
        message: downAlert().incident.message,
        details: null,
        occurredAt: DOWN_AT,
        since: DOWN_AT,
      },
    });
    expect(mail.text.split('\n')[0]).toBe(downAlert().headline);
  });

  it('resolves with how long it lasted, and offers no acknowledgement', () => {
    const alert = upAlert();
    expect(alert.type).toBe('incident.resolved');
    expect(alert.headline).toBe('Shop is back up');
    expect(alert.tone).toBe('ok');
    expect(alert.incident).toMatchObject({ started_at: DOWN_AT, resolved_at: UP_AT, duration_seconds: 750, status_code: 200, response_time_ms: 240 });
    expect(alert.links.acknowledge).toBeNull();
    expect(slowResolvedAlert()).toMatchObject({ type: 'incident.resolved', tone: 'ok', incident: { kind: 'slow', duration_seconds: 750, explanation: null } });
  });

  it('says who acknowledged an incident', () => {
    const alert = acknowledgedAlert();
    expect(alert.type).toBe('incident.acknowledged');
    expect(alert.headline).toBe('Shop is down: acknowledged by ada@example.com');
    expect(alert.occurred_at).toBe('2030-01-07T10:55:00.000Z');
    expect(alert.incident).toMatchObject({ acknowledged_by: 'ada@example.com', acknowledged_at: '2030-01-07T10:55:00.000Z' });
    expect(alert.links.acknowledge).toBeNull();
  });

  it('makes a certificate alert about the monitor: its own id, the monitor\'s page, the expiry date', () => {
    const expiring = sslExpiringAlert();
    expect(expiring).toMatchObject({ type: 'monitor.ssl_expiring', tone: 'warning', regions: null });
    expect(expiring.incident).toMatchObject({ id: 'm1#ssl#AB:CD#14d', kind: 'ssl', started_at: null, certificate_expires_at: '2030-01-20T00:00:00.000Z' });
    expect(expiring.links).toEqual({ incident: `${APP_URL}/app/monitors/m1`, monitor: `${APP_URL}/app/monitors/m1`, acknowledge: null });
    expect(sslInvalidAlert()).toMatchObject({ type: 'monitor.ssl_invalid', tone: 'alert', incident: { kind: 'ssl', error_category: 'tls_error', certificate_expires_at: null } });
  });

  it('makes the Settings page\'s sample a marked test with sample data and no acknowledgement', () => {
    const sample = sampleChannelAlert({ appUrl: APP_URL, now: new Date('2030-01-07T11:00:00.000Z') });
    expect(sample.test).toBe(true);
    expect(sample.type).toBe('incident.opened');
    expect(sample.monitor.name).toBe('Example Website');
    expect(sample.regions).toEqual({ down: ['eu-west-1', 'us-east-1'], up: ['ap-south-1'] });
    expect(sample.links).toEqual({ incident: `${APP_URL}/app/incidents`, monitor: `${APP_URL}/app/monitors/sample`, acknowledge: null });
    expect(sample.occurred_at).toBe('2030-01-07T10:57:00.000Z');
  });

  it('leaves tone out of the webhook payload and keeps the rest', () => {
    const payload = webhookPayload(downAlert());
    expect(payload.type).toBe('incident.opened');
    expect(payload.timestamp).toBe(DOWN_AT);
    expect(payload.data).not.toHaveProperty('tone');
    expect(payload.data.headline).toBe('Shop is down');
    expect(payload.data.incident.id).toBe('01HZZZINCIDENT');
  });
});
