import type { IncidentCategory } from '../checks/incident-details.js';
import type { TransitionEvent } from '../checks/transition-ids.js';
import type { MonitorType } from '../monitors/monitor-types.js';

/**
 * What every channel message is written from: one monitor transition, in the words of the
 * incident (docs/alerts.md "Events and payloads"). The generic webhook sends it as the Standard
 * Webhooks payload `{type, timestamp, data}`; the chat channels render it; PagerDuty maps it to
 * trigger / resolve.
 */
export const ALERT_EVENT_TYPES = [
  'incident.opened',
  'incident.acknowledged',
  'incident.resolved',
  'monitor.ssl_expiring',
  'monitor.ssl_invalid',
] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];

/** The event type of a monitor transition. */
export const EVENT_TYPE_OF_TRANSITION: Readonly<Record<TransitionEvent, AlertEventType>> = {
  down: 'incident.opened',
  slow: 'incident.opened',
  up: 'incident.resolved',
  slow_resolved: 'incident.resolved',
  ssl_expiring: 'monitor.ssl_expiring',
  ssl_invalid: 'monitor.ssl_invalid',
};

/** How bad it is, for colours and PagerDuty's severity. */
export type AlertTone = 'alert' | 'warning' | 'ok';

export interface ChannelAlert {
  type: AlertEventType;
  /** The transition this is about: down, up, slow, slow_resolved, ssl_expiring, ssl_invalid. */
  transition: TransitionEvent;
  /** ISO time of the transition. */
  occurred_at: string;
  /** True for the Settings page's test message: sample data, nothing changed. */
  test: boolean;
  /** One line: "Shop is down", "Shop is back up" (the alert mail's heading). */
  headline: string;
  tone: AlertTone;
  monitor: { id: string; name: string; url: string; type: MonitorType };
  incident: {
    id: string;
    /** down, slow or ssl. */
    kind: 'down' | 'slow' | 'ssl';
    title: string;
    message: string;
    /** When the outage or slow spell began (null: unknown). */
    started_at: string | null;
    /** Set on incident.resolved. */
    resolved_at: string | null;
    /** Seconds between started_at and resolved_at (resolved only). */
    duration_seconds: number | null;
    /**
     * What failed, machine-readable (connection_refused, http_error, timeout, tls_error,
     * slow_response, ...); null for a recovery and an expiring certificate.
     */
    error_category: IncidentCategory | null;
    /** When the certificate expires (monitor.ssl_expiring only). */
    certificate_expires_at: string | null;
    explanation: string | null;
    impact: string | null;
    user_impact: string | null;
    recommended_action: string | null;
    status_code: number | null;
    /** Milliseconds. */
    response_time_ms: number | null;
    acknowledged_by: string | null;
    acknowledged_at: string | null;
  };
  /** Which checker regions saw it up and down in the deciding round (null: not a checked round, e.g. a heartbeat). */
  regions: { up: string[]; down: string[] } | null;
  links: {
    /** The incident in the app (a monitor's page for certificate events). */
    incident: string;
    monitor: string;
    /** One-click acknowledgement (signed); null where it does not apply (recoveries, tests). */
    acknowledge: string | null;
  };
}

/** The generic webhook's body (Standard Webhooks' recommended shape). */
export interface WebhookPayload {
  type: AlertEventType;
  timestamp: string;
  data: Omit<ChannelAlert, 'type' | 'tone' | 'headline'> & { headline: string };
}

export const webhookPayload = (alert: ChannelAlert): WebhookPayload => {
  const { type, tone: _tone, ...data } = alert;
  return { type, timestamp: alert.occurred_at, data };
};

/**
 * The event type of a storm digest (docs/alerts.md "Storms and pacing"): one message that tells a
 * channel about many transitions of one account at once. Not one of ALERT_EVENT_TYPES: a digest
 * is made of them.
 */
export const DIGEST_EVENT_TYPE = 'incident.digest';

/** Every `type` a webhook receives: the five events and the digest. */
export const WEBHOOK_EVENT_TYPES = [...ALERT_EVENT_TYPES, DIGEST_EVENT_TYPE] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Many transitions of one account told at once (docs/alerts.md "Storms and pacing"): the
 * alerts that joined one storm digest, in the order they joined, grouped by what happened.
 */
export interface AlertDigest {
  type: typeof DIGEST_EVENT_TYPE;
  /** ISO time of the latest transition in it. */
  occurred_at: string;
  test: boolean;
  /** "12 monitors are down", "12 monitors are down, 3 are back up". */
  headline: string;
  tone: AlertTone;
  /** Monitors that went down or slow. */
  down: ChannelAlert[];
  /** Monitors back up or fast again. */
  up: ChannelAlert[];
  /** Certificate alerts and acknowledgements. */
  other: ChannelAlert[];
  links: {
    /** The Incidents page of the app. */
    incidents: string;
  };
}

/** What one delivery sends: one alert, or a storm's digest. */
export type ChannelMessage = ChannelAlert | AlertDigest;

export const isDigest = (message: ChannelMessage): message is AlertDigest => message.type === DIGEST_EVENT_TYPE;

/** A digest's webhook body: each transition as the event it would have been on its own, under `data.events`. */
export interface DigestWebhookPayload {
  type: typeof DIGEST_EVENT_TYPE;
  timestamp: string;
  data: {
    occurred_at: string;
    test: boolean;
    headline: string;
    counts: { down: number; up: number; other: number };
    links: AlertDigest['links'];
    events: WebhookPayload[];
  };
}

export const digestWebhookPayload = (digest: AlertDigest): DigestWebhookPayload => ({
  type: DIGEST_EVENT_TYPE,
  timestamp: digest.occurred_at,
  data: {
    occurred_at: digest.occurred_at,
    test: digest.test,
    headline: digest.headline,
    counts: { down: digest.down.length, up: digest.up.length, other: digest.other.length },
    links: digest.links,
    events: [...digest.down, ...digest.up, ...digest.other].map(webhookPayload),
  },
});
