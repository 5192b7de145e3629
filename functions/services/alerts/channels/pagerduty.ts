import { isDigest, type ChannelAlert } from '../../../../shared/alerts/events.js';
import { TEST_ALERT_NOTICE } from '../alert-email.js';
import { fieldOf, jsonOf, outcomeOfAnswer, providerRequest } from './answer.js';
import type { ChannelSender, ProviderAnswer, SendOutcome } from './contract.js';
import { clip, messageTitle, regionsLine } from './message-parts.js';
import { shownAddress } from '../../../../shared/monitors/types/index.js';

/**
 * PagerDuty through the Events API v2 (docs/alerts.md "PagerDuty"): an opened incident triggers,
 * its acknowledgement acknowledges and its recovery resolves, all with `dedup_key` = the incident
 * id, so PagerDuty opens and closes one incident of its own per Upwatch incident. A certificate
 * alert triggers under `ssl:<monitor id>`, one PagerDuty incident per monitor's certificate.
 */

export const PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com/v2/enqueue';

type EventAction = 'trigger' | 'acknowledge' | 'resolve';

const ACTION_OF_TYPE: Record<ChannelAlert['type'], EventAction> = {
  'incident.opened': 'trigger',
  'incident.acknowledged': 'acknowledge',
  'incident.resolved': 'resolve',
  'monitor.ssl_expiring': 'trigger',
  'monitor.ssl_invalid': 'trigger',
};

/**
 * The key PagerDuty groups events by: the incident, a certificate's monitor, or (a test) the
 * delivery itself, so a test never touches a real incident.
 */
export const pagerdutyDedupKey = (alert: ChannelAlert, deliveryId: string): string => {
  if (alert.test) return `test:${deliveryId}`;
  return alert.incident.kind === 'ssl' ? `ssl:${alert.monitor.id}` : alert.incident.id;
};

/**
 * Where the alert happens: the monitored host (a website's, a TCP target's, a DNS name); for a
 * heartbeat, whose `heartbeat://` id is internal, the monitor's name.
 */
const sourceOf = (alert: ChannelAlert): string => {
  if (!shownAddress(alert.monitor.type, alert.monitor.url)) return alert.monitor.name;
  try {
    return new URL(alert.monitor.url).hostname || alert.monitor.url;
  } catch {
    return alert.monitor.url;
  }
};

/**
 * PagerDuty's severity: critical when down, warning when slow or a certificate. A test is info,
 * so it does not page anyone on a high-urgency rule.
 */
const severityOf = (alert: ChannelAlert): 'critical' | 'warning' | 'info' => {
  if (alert.test) return 'info';
  return alert.incident.kind === 'down' ? 'critical' : 'warning';
};

/** The Events API v2 event of an alert (https://developer.pagerduty.com/docs/events-api-v2/trigger-events/). */
export const pagerdutyEvent = (alert: ChannelAlert, routingKey: string, deliveryId: string) => {
  const action = ACTION_OF_TYPE[alert.type];
  const base = { routing_key: routingKey, event_action: action, dedup_key: pagerdutyDedupKey(alert, deliveryId) };
  if (action !== 'trigger') return base;
  const { incident } = alert;
  return {
    ...base,
    payload: {
      summary: clip(`${messageTitle(alert)}: ${incident.message}`, 1024),
      source: sourceOf(alert),
      severity: severityOf(alert),
      timestamp: alert.occurred_at,
      component: alert.monitor.name,
      group: 'upwatch',
      class: incident.kind,
      custom_details: {
        monitor: alert.monitor.name,
        // The address as the mail shows it ("https://...", "db.example.com:5432"); null for a heartbeat.
        url: shownAddress(alert.monitor.type, alert.monitor.url)?.value ?? null,
        message: incident.message,
        impact: incident.impact,
        explanation: incident.explanation,
        recommended_action: incident.recommended_action,
        user_impact: incident.user_impact,
        error_category: incident.error_category,
        status_code: incident.status_code,
        response_time_ms: incident.response_time_ms,
        started_at: incident.started_at,
        certificate_expires_at: incident.certificate_expires_at,
        regions: regionsLine(alert.regions),
        ...(alert.test ? { test: TEST_ALERT_NOTICE } : {}),
      },
    },
    client: 'Upwatch',
    client_url: alert.links.monitor,
    links: [
      { href: alert.links.incident, text: incident.kind === 'ssl' ? 'View monitor in Upwatch' : 'View incident in Upwatch' },
      ...(alert.links.acknowledge ? [{ href: alert.links.acknowledge, text: 'Acknowledge in Upwatch' }] : []),
    ],
  };
};

/** 202 is accepted (the dedup_key is the reference); 400 is an event PagerDuty will never take. */
export const pagerdutyOutcome = (answer: ProviderAnswer, dedupKey: string, now: Date): SendOutcome =>
  outcomeOfAnswer(answer, {
    provider: 'PagerDuty',
    now,
    reference: () => {
      const key = fieldOf(jsonOf(answer), 'dedup_key');
      return typeof key === 'string' && key ? key : dedupKey;
    },
    explain: ({ status }) => {
      const body = jsonOf(answer);
      const errors = fieldOf(body, 'errors');
      const message = fieldOf(body, 'message');
      const said = [typeof message === 'string' ? message : null, Array.isArray(errors) ? errors.join('; ') : null].filter(Boolean).join(': ');
      if (status === 400) {
        return `PagerDuty rejected the event (400${said ? ` ${clip(said, 200)}` : ''}): check that the routing key is the integration key of an Events API v2 integration.`;
      }
      if (status === 401 || status === 403 || status === 404) {
        return `PagerDuty refused the event (${status}${said ? ` ${clip(said, 200)}` : ''}): check this channel's routing key.`;
      }
      return undefined;
    },
  });

export const pagerdutySender: ChannelSender<'pagerduty'> = {
  type: 'pagerduty',
  send: async (alert, ctx, deps) => {
    // Never digested (storm-rules.ts joinsDigest): PagerDuty wants one trigger per incident and groups them itself.
    if (isDigest(alert)) throw new Error('A PagerDuty channel is never sent a storm digest');
    const event = pagerdutyEvent(alert, ctx.config.routing_key, ctx.deliveryId);
    const answer = await deps.postJson(providerRequest(deps, 'pagerduty', PAGERDUTY_EVENTS_URL, event));
    return pagerdutyOutcome(answer, event.dedup_key, deps.now());
  },
};
