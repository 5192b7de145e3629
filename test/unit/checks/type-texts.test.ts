import { describe, expect, it } from 'vitest';
import { ERROR_CATEGORIES, type ErrorCategory } from '../../../shared/checks/check-result.js';
import { downIncident, incidentTitle, recoveredIncident, slowIncident, slowResolvedText, titleOfIncident } from '../../../shared/checks/incident-details.js';
import { applyRound, INITIAL_MONITOR_STATE, type AlertEvent } from '../../../shared/checks/monitor-state.js';
import type { ChannelAlert } from '../../../shared/alerts/events.js';
import type { QuorumDecision } from '../../../shared/checks/quorum.js';
import type { MonitorType } from '../../../shared/monitors/types/index.js';
import { monitorTypeDefinition, shownAddress } from '../../../shared/monitors/types/index.js';
import { alertEmail } from '../../../functions/services/alerts/alert-email.js';
import { channelAlert } from '../../../functions/services/alerts/channel-alert.js';
import { messageFacts, messageParagraphs, messageTitle, recommendedAction } from '../../../functions/services/alerts/channels/message-parts.js';
import { pagerdutyEvent } from '../../../functions/services/alerts/channels/pagerduty.js';
import { smsText } from '../../../functions/services/alerts/channels/sms.js';

/**
 * docs/checks.md "What each type's texts speak of": the incidents, alert mails and channel messages
 * of a TCP, DNS or heartbeat monitor speak of a port, a record or a job, never of a website, its
 * pages or its visitors, and never show a heartbeat's internal `heartbeat://` id. Every text of
 * every category each type can meet, down, recovered and slow, through every renderer.
 */
const WEBSITE_WORDS = /website|\bsites?\b|visitors?|web ?pages?|\bpages?\b|web server/i;

const TYPES: { type: Exclude<MonitorType, 'http'>; url: string; categories: ErrorCategory[]; slow: boolean }[] = [
  {
    type: 'tcp',
    url: 'tcp://db.example.com:5432',
    categories: ['connection_refused', 'connection_timeout', 'connection_reset', 'timeout', 'dns_failure', 'blocked_target', 'unknown'],
    slow: true,
  },
  { type: 'dns', url: 'dns://example.com', categories: ['dns_failure', 'dns_mismatch', 'timeout', 'blocked_target', 'unknown'], slow: true },
  { type: 'heartbeat', url: 'heartbeat://01HEARTBEATMONITOR', categories: ['heartbeat_missing', 'heartbeat_failed', 'unknown'], slow: false },
];

const ROUND = '2026-03-02T10:00:00.000Z';
const LATER = '2026-03-02T10:42:00.000Z';

const decision = (verdict: 'up' | 'down', checkedAt: string, category: ErrorCategory | null, responseTimeMs: number | null = null): QuorumDecision => ({
  verdict,
  upRegions: verdict === 'up' ? ['eu-west-1'] : [],
  downRegions: verdict === 'down' ? ['eu-west-1'] : [],
  abstainedRegions: [],
  responseTimeMs,
  statusCode: null,
  failure: category ? { errorCategory: category, statusCode: null, responseTimeMs: null, region: 'eu-west-1', message: null } : null,
  checkedAt,
});

/** The alerts a round of `verdict` gives a monitor in `state`, as the result processor makes them. */
const alertsOf = (type: MonitorType, state: typeof INITIAL_MONITOR_STATE, round: string, decided: QuorumDecision) => {
  const applied = applyRound(state, { monitorId: '01MON', round, decision: decided, monitorType: type, slowThresholdMs: 1000 });
  return { state: applied.state, alerts: applied.effects.flatMap((effect) => (effect.kind === 'alert' ? [effect.alert] : [])) };
};

/** Every text a person reads of one alert: the mail, a chat message's parts, the SMS and PagerDuty's event. */
const everythingShown = (type: MonitorType, url: string, alert: AlertEvent): string => {
  const mail = alertEmail({ to: 'ada@example.com', timezone: null, appUrl: 'https://app.example.com', monitorName: 'Primary', monitorUrl: url, monitorType: type, alert });
  const chat: ChannelAlert = channelAlert({
    monitorName: 'Primary',
    monitorUrl: url,
    monitorType: type,
    alert,
    regions: null,
    appUrl: 'https://app.example.com',
    acknowledgeUrl: null,
    test: false,
  });
  const { monitor: _machine, ...readable } = chat;
  return JSON.stringify([
    mail.subject,
    mail.text,
    mail.html,
    readable,
    messageTitle(chat),
    messageParagraphs(chat),
    messageFacts(chat, null),
    recommendedAction(chat),
    smsText(chat),
    pagerdutyEvent(chat, 'routing-key', 'delivery-1'),
  ]);
};

describe.each(TYPES)('the texts of a $type monitor', ({ type, url, categories, slow }) => {
  it.each(categories)('%s: the incident and its texts are not about a website', (category) => {
    const text = downIncident({ errorCategory: category, statusCode: null, responseTimeMs: null }, type);
    expect(JSON.stringify(text)).not.toMatch(WEBSITE_WORDS);
    expect(text.title).not.toBe('Website Down');
  });

  it('its recovery, its card marker and its titles speak of it too', () => {
    const text = recoveredIncident({ responseTimeMs: null, statusCode: null, downtimeSeconds: 720, monitorType: type });
    expect(JSON.stringify(text)).not.toMatch(WEBSITE_WORDS);
    const { access } = monitorTypeDefinition(type).wording;
    expect(`${access.yes} ${access.no}`).not.toMatch(WEBSITE_WORDS);
    expect(titleOfIncident({ alert_type: 'up', monitor_url: url, details: null })).toBe(incidentTitle('up', { monitorType: type }));
    expect(incidentTitle('up', { monitorType: type })).not.toMatch(WEBSITE_WORDS);
  });

  it('a slow spell speaks of it (a heartbeat, without response times, has none)', () => {
    if (!slow) {
      expect(monitorTypeDefinition(type).wording.slow).toBeNull();
      return;
    }
    for (const responseTimeMs of [1500, 4000]) {
      expect(JSON.stringify(slowIncident({ responseTimeMs, slowThresholdMs: 1000, statusCode: null, monitorType: type }))).not.toMatch(WEBSITE_WORDS);
    }
    expect(slowResolvedText(600, type).message).not.toMatch(WEBSITE_WORDS);
  });

  it("its alert mails and every channel's message: no website words, no heartbeat:// id", () => {
    let state = INITIAL_MONITOR_STATE;
    const shown: string[] = [];
    const category = categories[0]!;
    const down = alertsOf(type, state, ROUND, decision('down', ROUND, category));
    state = down.state;
    const up = alertsOf(type, state, LATER, decision('up', LATER, null, slow ? 40 : null));
    const alerts = [...down.alerts, ...up.alerts];
    expect(alerts.map((alert) => alert.event)).toEqual(['down', 'up']);
    for (const alert of alerts) shown.push(everythingShown(type, url, alert));
    for (const text of shown) {
      expect(text).not.toMatch(WEBSITE_WORDS);
      expect(text).not.toContain('heartbeat://');
    }
  });
});

describe('the address an alert shows', () => {
  it('is the URL of a website, the host and port of a TCP monitor, the name of a DNS one, and nothing for a heartbeat', () => {
    expect(shownAddress('http', 'https://shop.example.com/')).toEqual({ label: 'URL', value: 'https://shop.example.com/' });
    expect(shownAddress('tcp', 'tcp://db.example.com:5432')).toEqual({ label: 'Port', value: 'db.example.com:5432' });
    expect(shownAddress('dns', 'dns://example.com')).toEqual({ label: 'Hostname', value: 'example.com' });
    expect(shownAddress('heartbeat', 'heartbeat://01MON')).toBeNull();
  });

  it("a website's texts stay the product's own", () => {
    const text = downIncident({ errorCategory: 'connection_refused', statusCode: null, responseTimeMs: null });
    expect(text).toMatchObject({ title: 'Website Down', message: 'Your website is down: your server is refusing connections.' });
    expect(slowResolvedText(600).message).toBe('Your website is responding at normal speed again after being slow for 10 minutes.');
  });
});

/** Keeps the list of categories per type honest: each type's runner can only give these. */
it('every category is listed for some type or is an HTTP one', () => {
  const listed = new Set(TYPES.flatMap(({ categories }) => categories));
  const httpOnly = ERROR_CATEGORIES.filter((category) => !listed.has(category));
  expect(httpOnly.every((category) => !category.startsWith('heartbeat_') && category !== 'dns_mismatch')).toBe(true);
});
