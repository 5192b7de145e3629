import { channelAlert, sampleChannelAlert, type ChannelAlertInput } from '../../../../../functions/services/alerts/channel-alert.js';
import type { DeliveryContext, OutgoingRequest, ProviderAnswer, SenderDeps } from '../../../../../functions/services/alerts/channels/contract.js';
import type { ChannelConfigOf, ChannelType } from '../../../../../shared/alerts/channels/index.js';
import type { ChannelAlert } from '../../../../../shared/alerts/events.js';
import { downIncident, recoveredIncident, slowIncident, slowResolvedText } from '../../../../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../../../../shared/checks/monitor-state.js';
import type { CertificateInfo } from '../../../../../shared/checks/certificate.js';
import { sslAlertText } from '../../../../../shared/checks/ssl-alerts.js';

/** One alert of each event type, as the deliverer builds them from outbox entries. */

export const APP_URL = 'https://app.example.com';
export const DOWN_AT = '2030-01-07T10:50:00.000Z';
export const UP_AT = '2030-01-07T11:02:30.000Z';
export const ACK_URL = 'https://app.example.com/ack/tok_abc123';
export const REGIONS = { down: ['us-east-1', 'eu-west-1'], up: ['ap-south-1'] };

const baseAlert = (overrides: Partial<AlertEvent>): AlertEvent => {
  const text = downIncident({ errorCategory: 'connection_refused', statusCode: null, responseTimeMs: null });
  return {
    transitionId: `m1#${DOWN_AT}#down`,
    event: 'down',
    monitorId: 'm1',
    round: DOWN_AT,
    incidentId: '01HZZZINCIDENT',
    title: text.title,
    message: text.message,
    details: text.details,
    occurredAt: DOWN_AT,
    since: DOWN_AT,
    ...overrides,
  };
};

const input = (alert: AlertEvent, overrides: Partial<ChannelAlertInput> = {}): ChannelAlertInput => ({
  monitorName: 'Shop',
  monitorUrl: 'https://shop.example.com/',
  monitorType: 'http',
  alert,
  regions: REGIONS,
  appUrl: APP_URL,
  acknowledgeUrl: ACK_URL,
  test: false,
  ...overrides,
});

export const downAlert = (overrides: Partial<ChannelAlertInput> = {}): ChannelAlert => channelAlert(input(baseAlert({}), overrides));

export const acknowledgedAlert = (): ChannelAlert =>
  channelAlert(input(baseAlert({}), { acknowledgement: { by: 'ada@example.com', at: '2030-01-07T10:55:00.000Z' } }));

export const upAlert = (): ChannelAlert => {
  const text = recoveredIncident({ responseTimeMs: 240, statusCode: 200, downtimeSeconds: 750 });
  return channelAlert(
    input(baseAlert({ event: 'up', transitionId: `m1#${UP_AT}#up`, title: text.title, message: text.message, details: text.details, occurredAt: UP_AT, since: DOWN_AT })),
  );
};

export const slowAlert = (): ChannelAlert => {
  const text = slowIncident({ responseTimeMs: 4200, slowThresholdMs: 2000, statusCode: 200 });
  return channelAlert(input(baseAlert({ event: 'slow', incidentId: '01HZZZSLOW', title: text.title, message: text.message, details: text.details })));
};

export const slowResolvedAlert = (): ChannelAlert => {
  const text = slowResolvedText(750);
  return channelAlert(
    input(baseAlert({ event: 'slow_resolved', incidentId: '01HZZZSLOW', title: text.title, message: text.message, details: null, occurredAt: UP_AT, since: DOWN_AT })),
  );
};

const CERTIFICATE: CertificateInfo = {
  fingerprint: 'AB:CD',
  validFrom: '2029-10-20T00:00:00.000Z',
  validTo: '2030-01-20T00:00:00.000Z',
  issuer: 'R3',
  subject: 'shop.example.com',
  valid: true,
  error: null,
};

export const sslExpiringAlert = (): ChannelAlert => {
  const text = sslAlertText(CERTIFICATE, { kind: 'ssl_expiring', mark: 14, daysLeft: 12.5 });
  return channelAlert(
    input(
      baseAlert({ event: 'ssl_expiring', transitionId: 'm1#ssl#AB:CD#14d', incidentId: '', title: text.title, message: text.message, details: text.details, since: CERTIFICATE.validTo as string }),
      { regions: null },
    ),
  );
};

export const sslInvalidAlert = (): ChannelAlert => {
  const text = sslAlertText({ ...CERTIFICATE, valid: false, error: 'CERT_HAS_EXPIRED' }, { kind: 'ssl_invalid' });
  return channelAlert(
    input(baseAlert({ event: 'ssl_invalid', transitionId: 'm1#ssl#AB:CD#invalid', incidentId: '', title: text.title, message: text.message, details: text.details, since: null }), {
      regions: null,
    }),
  );
};

/** The Settings page's test alert. */
export const sampleAlert = (): ChannelAlert => sampleChannelAlert({ appUrl: APP_URL, now: new Date('2030-01-07T11:00:00.000Z') });

/** Every event type's alert, for checks that hold for all of them. */
export const ALERTS_BY_TYPE: Record<ChannelAlert['type'], () => ChannelAlert> = {
  'incident.opened': () => downAlert(),
  'incident.acknowledged': acknowledgedAlert,
  'incident.resolved': upAlert,
  'monitor.ssl_expiring': sslExpiringAlert,
  'monitor.ssl_invalid': sslInvalidAlert,
};

export const NOW = new Date('2030-01-07T10:50:05.000Z');

export const answer = (status: number | null, body = '', headers: Record<string, string> = {}, error?: string): ProviderAnswer => ({
  status,
  body,
  headers,
  latencyMs: 42,
  ...(error ? { error } : {}),
});

/** Sender deps that record every request and answer what the test says; providers reached as on AWS. */
export const fakeDeps = (reply: ProviderAnswer | ((request: OutgoingRequest) => ProviderAnswer) = answer(200, 'ok'), now: Date = NOW) => {
  const requests: OutgoingRequest[] = [];
  const sms: { phone: string; text: string }[] = [];
  const mails: Parameters<SenderDeps['sendEmail']>[0][] = [];
  const deps: SenderDeps = {
    postJson: (request) => {
      requests.push(request);
      return Promise.resolve(typeof reply === 'function' ? reply(request) : reply);
    },
    publishSms: (phone, text) => {
      sms.push({ phone, text });
      return Promise.resolve({ messageId: 'sns-1', latencyMs: 30 });
    },
    sendEmail: (mail) => {
      mails.push(mail);
      return Promise.resolve({ messageId: 'ses-1', latencyMs: 20 });
    },
    providerUrl: (_type, realUrl) => realUrl,
    now: () => now,
  };
  return { deps, requests, sms, mails };
};

export const context = <T extends ChannelType>(config: ChannelConfigOf<T>, overrides: Partial<DeliveryContext<T>> = {}): DeliveryContext<T> => ({
  config,
  deliveryId: 'msg_01HZZZDELIVERY',
  signingSecrets: [],
  timezone: null,
  accountEmail: 'owner@example.com',
  ...overrides,
});

export const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/XXXXXXXX';
