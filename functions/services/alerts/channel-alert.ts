import { EVENT_TYPE_OF_TRANSITION, type ChannelAlert } from '../../../shared/alerts/events.js';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import type { TransitionEvent } from '../../../shared/checks/transition-ids.js';
import { DEFAULT_MONITOR_TYPE, type MonitorType } from '../../../shared/monitors/monitor-types.js';
import type { OutboxEntry } from '../../repositories/alert-outbox-repository.js';
import { SAMPLE_MONITOR, sampleDownAlert } from '../account/test-notification-email.js';
import { alertAction, alertWording, isSslEvent, monitorLink } from './alert-email.js';

/**
 * The channel alert of one outbox entry (docs/alerts.md "Events and payloads"): what every channel
 * message is written from. Its headline and tone are the alert mail's own (alert-email.ts
 * `alertWording`), its links the mail's buttons, so a Slack message and the mail never disagree.
 */
export interface ChannelAlertInput extends Pick<OutboxEntry, 'monitorName' | 'monitorUrl' | 'monitorType' | 'alert'> {
  /** Which checker regions saw the monitor up and down in the deciding round (null: no checked round). */
  regions: { up: string[]; down: string[] } | null;
  appUrl: string;
  /** The signed one-click acknowledgement of the incident; dropped where it does not apply. */
  acknowledgeUrl: string | null;
  /** Set for incident.acknowledged: who acknowledged the incident, and when. */
  acknowledgement?: { by: string; at: string } | null;
  /** The Settings page's "Send test": sample data, and every message says so. */
  test: boolean;
}

const RESOLVING: readonly TransitionEvent[] = ['up', 'slow_resolved'];

const incidentKind = (event: TransitionEvent): ChannelAlert['incident']['kind'] => {
  if (isSslEvent(event)) return 'ssl';
  return event === 'slow' || event === 'slow_resolved' ? 'slow' : 'down';
};

const secondsBetween = (from: string, to: string): number => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/** The acknowledged headline: the alert's own words, then who took it on. */
const acknowledgedHeadline = (heading: string, by: string): string => `${heading}: acknowledged by ${by}`;

export const channelAlert = (input: ChannelAlertInput): ChannelAlert => {
  const { alert } = input;
  const details = alert.details;
  const wording = alertWording(alert.event, input.monitorType, details?.error_category ?? null);
  const acknowledged = input.acknowledgement ?? null;
  const resolving = RESOLVING.includes(alert.event);
  const ssl = isSslEvent(alert.event);
  const heading = wording.heading(input.monitorName);
  return {
    type: acknowledged && !resolving && !ssl ? 'incident.acknowledged' : EVENT_TYPE_OF_TRANSITION[alert.event],
    transition: alert.event,
    occurred_at: acknowledged?.at ?? alert.occurredAt,
    test: input.test,
    headline: acknowledged ? acknowledgedHeadline(heading, acknowledged.by) : heading,
    tone: wording.tone,
    monitor: { id: alert.monitorId, name: input.monitorName, url: input.monitorUrl, type: input.monitorType },
    incident: {
      // A certificate alert opens no incident: its id is the alert's own (one per certificate and mark).
      id: ssl ? alert.transitionId : alert.incidentId,
      kind: incidentKind(alert.event),
      title: alert.title,
      message: alert.message,
      started_at: ssl ? null : alert.since,
      resolved_at: resolving ? alert.occurredAt : null,
      duration_seconds: resolving && alert.since ? secondsBetween(alert.since, alert.occurredAt) : null,
      error_category: details?.error_category ?? null,
      certificate_expires_at: alert.event === 'ssl_expiring' ? alert.since : null,
      explanation: details?.explanation ?? null,
      impact: details?.impact_description ?? null,
      user_impact: details?.user_impact ?? null,
      recommended_action: details?.recommended_action ?? null,
      status_code: details?.status_code ?? null,
      response_time_ms: details?.response_time == null ? null : Math.round(details.response_time * 1000),
      acknowledged_by: acknowledged?.by ?? null,
      acknowledged_at: acknowledged?.at ?? null,
    },
    regions: input.regions && { up: [...input.regions.up].sort(), down: [...input.regions.down].sort() },
    links: {
      incident: alertAction(input.appUrl, alert, input.test).url,
      monitor: monitorLink(input.appUrl, alert.monitorId),
      acknowledge: resolving || ssl || input.test || acknowledged ? null : input.acknowledgeUrl,
    },
  };
};

/** The regions of the sample: two of three saw the site down, as a real quorum does. */
const SAMPLE_REGIONS = { down: ['eu-west-1', 'us-east-1'], up: ['ap-south-1'] };

/**
 * The Settings page's "Send test" message: the test e-mail's sample (a site that stopped answering
 * three minutes ago), marked `test` so every channel's message says it is one.
 */
export const sampleChannelAlert = (opts: { appUrl: string; now: Date; monitorType?: MonitorType }): ChannelAlert => {
  const alert: AlertEvent = sampleDownAlert(opts.now);
  return channelAlert({
    monitorName: SAMPLE_MONITOR.name,
    monitorUrl: SAMPLE_MONITOR.url,
    monitorType: opts.monitorType ?? DEFAULT_MONITOR_TYPE,
    alert,
    regions: SAMPLE_REGIONS,
    appUrl: opts.appUrl,
    acknowledgeUrl: null,
    test: true,
  });
};
