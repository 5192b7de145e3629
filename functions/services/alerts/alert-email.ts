import { durationInWords, type IncidentCategory } from '../../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import type { TransitionEvent } from '../../../shared/checks/transition-ids.js';
import { DEFAULT_MONITOR_TYPE, type MonitorType } from '../../../shared/monitors/monitor-types.js';
import { monitorTypeDefinition, shownAddress } from '../../../shared/monitors/types/index.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail, formatEmailTime, formatResponseTime, type EmailTone } from '../email-layout.js';

/**
 * The alert e-mail of one monitor transition (the mailer's, and the Settings page's test of it):
 * down, recovered (with how long the site was down), slow, and slow resolved. The words of the
 * incident (message, impact, explanation, recommended action) are the ones the Incidents page
 * shows, from shared/checks/incident-details.ts; times are in the owner's timezone.
 */
export interface AlertEmailInput {
  to: string;
  /** The owner's saved timezone; null means UTC. */
  timezone: string | null;
  appUrl: string;
  monitorName: string;
  monitorUrl: string;
  /** What the monitor watches; absent (an outbox entry older than the field): http. */
  monitorType?: MonitorType;
  alert: AlertEvent;
  /** Set for the Settings page's test: the mail says it is a sample and who asked for it. */
  test?: { requestedBy: string };
  /** The one-click acknowledgement of the incident: an "Acknowledge" button beside "View incident". */
  acknowledgeUrl?: string | null;
}

/** The words of one transition's alert: the mail's, and every channel's headline (docs/alerts.md "Events and payloads"). */
export interface EventWording {
  subject: string;
  heading: (monitor: string) => string;
  tone: EmailTone;
  /** The label of `alert.since`. */
  sinceLabel: string;
  /** The label of `alert.occurredAt`. */
  atLabel: string;
  /** The label of the time between the two. */
  lastedLabel: string | null;
}

/**
 * The down and recovery mails are in the words of the monitor's type (its `wording`,
 * shared/monitors/types/wording.ts: the subject is the incident's title); the rest is theirs.
 */
const DOWN_WORDING: Omit<EventWording, 'subject' | 'heading'> = {
  tone: 'alert',
  sinceLabel: 'Down since',
  atLabel: 'Down since',
  lastedLabel: null,
};
const UP_WORDING: Omit<EventWording, 'subject' | 'heading' | 'atLabel'> = {
  tone: 'ok',
  sinceLabel: 'Down since',
  lastedLabel: 'Downtime',
};

/** The mails of the other events are the same for every type. */
const WORDING: Record<Exclude<TransitionEvent, 'down' | 'up'>, EventWording> = {
  slow: {
    subject: 'Performance Issue',
    heading: (monitor) => `${monitor} is responding slowly`,
    tone: 'warning',
    sinceLabel: 'Slow since',
    atLabel: 'Detected at',
    lastedLabel: null,
  },
  ssl_expiring: {
    subject: 'SSL Certificate Expiring',
    heading: (monitor) => `The SSL certificate of ${monitor} expires soon`,
    tone: 'warning',
    sinceLabel: 'Expires',
    atLabel: 'Detected at',
    lastedLabel: null,
  },
  ssl_invalid: {
    subject: 'SSL Certificate Invalid',
    heading: (monitor) => `The SSL certificate of ${monitor} is not valid`,
    tone: 'alert',
    sinceLabel: 'Since',
    atLabel: 'Detected at',
    lastedLabel: null,
  },
  slow_resolved: {
    subject: 'Performance Recovered',
    heading: (monitor) => `${monitor} is responding normally again`,
    tone: 'ok',
    sinceLabel: 'Slow since',
    atLabel: 'Back to normal at',
    lastedLabel: 'Slow for',
  },
};

/**
 * The subject, heading and tone of a transition's alert, in its monitor type's words. Exported so
 * the channel messages (services/alerts/channel-alert.ts) say exactly what the mail says.
 */
export const alertWording = (event: TransitionEvent, monitorType: MonitorType, errorCategory: IncidentCategory | null): EventWording => {
  const { wording } = monitorTypeDefinition(monitorType);
  switch (event) {
    case 'down':
      return { ...DOWN_WORDING, subject: wording.downTitle(errorCategory), heading: (monitor) => wording.downHeading(monitor, errorCategory) };
    case 'up':
      return { ...UP_WORDING, subject: wording.upTitle, heading: wording.upHeading, atLabel: wording.upAtLabel };
    default:
      return WORDING[event];
  }
};

/** The Incidents page of the app: where reports (and test alerts) link to. */
export const incidentsLink = (appUrl: string): string => `${appUrl}/app/incidents`;

/** The one incident an alert is about: its "View incident" button opens it. */
export const incidentLink = (appUrl: string, incidentId: string): string => `${appUrl}/app/incidents/${encodeURIComponent(incidentId)}`;

/** A monitor's detail page: certificate alerts open no incident, they link here. */
export const monitorLink = (appUrl: string, monitorId: string): string => `${appUrl}/app/monitors/${encodeURIComponent(monitorId)}`;

/** Certificate alerts open no incident: they link to the monitor and cannot be acknowledged. */
export const isSslEvent = (event: TransitionEvent): boolean => event === 'ssl_expiring' || event === 'ssl_invalid';

export const notificationSettingsLink = (appUrl: string): string => `${appUrl}/app/settings?section=notifications`;

const secondsBetween = (from: string, to: string): number => Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);

/** What the first line of a test alert says, in the mail and in every channel's message. */
export const TEST_ALERT_NOTICE = 'This is a test alert with sample data: none of your monitors changed. A real alert looks like this.';

/**
 * Where an alert's button goes: the incident, the monitor for a certificate alert, and the
 * incidents list for a test (its incident is sample data).
 */
export const alertAction = (
  appUrl: string,
  alert: Pick<AlertEvent, 'event' | 'monitorId' | 'incidentId'>,
  test: boolean,
): { label: string; url: string } =>
  isSslEvent(alert.event)
    ? { label: 'View monitor', url: monitorLink(appUrl, alert.monitorId) }
    : { label: 'View incident', url: test ? incidentsLink(appUrl) : incidentLink(appUrl, alert.incidentId) };

/**
 * What an alert mail is written from: the owner's alert (an outbox entry, `alertEmail`) or an
 * e-mail channel's (a channel alert, channels/email.ts). Every field of `facts` that is null is
 * left out; times are ISO; the response time is in milliseconds.
 */
export interface AlertMailFacts {
  to: string;
  timezone: string | null;
  event: TransitionEvent;
  wording: EventWording;
  monitorName: string;
  /** The monitor's address row in its type's words (shared/monitors/types `shownAddress`); null: none (a heartbeat). */
  address: { label: string; value: string } | null;
  message: string;
  since: string | null;
  occurredAt: string;
  facts: {
    userImpact: string | null;
    impactDescription: string | null;
    explanation: string | null;
    recommendedAction: string | null;
    statusCode: number | null;
    responseTimeMs: number | null;
  } | null;
  action: { label: string; url: string };
  /** The one-click acknowledgement, when the alert can be acknowledged. */
  acknowledgeUrl: string | null;
  test: boolean;
  footer: string;
}

/** The alert mail of `AlertMailFacts`: one layout for the owner's alerts and the e-mail channel's. */
export const alertMail = (input: AlertMailFacts): OutgoingEmail => {
  const { wording, facts, event } = input;
  const details: [string, string][] = [['Monitor', input.monitorName]];
  if (input.address) details.push([input.address.label, input.address.value]);
  const when = (iso: string) => formatEmailTime(iso, input.timezone);
  // For down and slow, `since` is the moment of the alert itself or shortly before: one row says it.
  if (input.since && (wording.lastedLabel || input.since !== input.occurredAt)) details.push([wording.sinceLabel, when(input.since)]);
  details.push([wording.atLabel, when(input.occurredAt)]);
  if (wording.lastedLabel && input.since) {
    details.push([wording.lastedLabel, durationInWords(secondsBetween(input.since, input.occurredAt))]);
  }
  if (facts) {
    if ((event === 'down' || event === 'slow' || isSslEvent(event)) && facts.userImpact !== null) details.push(['User impact', facts.userImpact]);
    if (facts.statusCode !== null) details.push(['HTTP status', String(facts.statusCode)]);
    // How long a refused or timed-out connection took says nothing about the site's speed.
    if (facts.responseTimeMs !== null && (event !== 'down' || facts.statusCode !== null)) {
      details.push(['Response time', formatResponseTime(facts.responseTimeMs)]);
    }
    if (event !== 'up' && facts.recommendedAction !== null) details.push(['What to do', facts.recommendedAction]);
  }

  const paragraphs = [input.message];
  if (facts && event !== 'up') {
    for (const paragraph of [facts.impactDescription, facts.explanation]) if (paragraph !== null) paragraphs.push(paragraph);
  }
  if (input.test) paragraphs.unshift(TEST_ALERT_NOTICE);

  return brandedEmail({
    to: input.to,
    subject: `${input.test ? '[Test] ' : ''}${wording.subject}: ${input.monitorName}`,
    heading: wording.heading(input.monitorName),
    tone: wording.tone,
    paragraphs,
    details,
    action: input.action,
    ...(input.acknowledgeUrl ? { secondaryAction: { label: 'Acknowledge', url: input.acknowledgeUrl } } : {}),
    footer: input.footer,
  });
};

export const alertEmail = (input: AlertEmailInput): OutgoingEmail => {
  const { alert, test } = input;
  const facts = alert.details;
  return alertMail({
    to: input.to,
    timezone: input.timezone,
    event: alert.event,
    wording: alertWording(alert.event, input.monitorType ?? DEFAULT_MONITOR_TYPE, facts?.error_category ?? null),
    monitorName: input.monitorName,
    address: shownAddress(input.monitorType ?? DEFAULT_MONITOR_TYPE, input.monitorUrl),
    message: alert.message,
    since: alert.since,
    occurredAt: alert.occurredAt,
    facts: facts && {
      userImpact: facts.user_impact,
      impactDescription: facts.impact_description,
      explanation: facts.explanation,
      recommendedAction: facts.recommended_action,
      statusCode: facts.status_code,
      responseTimeMs: facts.response_time === null ? null : facts.response_time * 1000,
    },
    action: alertAction(input.appUrl, alert, Boolean(test)),
    acknowledgeUrl: input.acknowledgeUrl ?? null,
    test: Boolean(test),
    footer: test
      ? `Sent because the Upwatch account ${test.requestedBy} asked for a test incident alert to this address. If you did not expect it, you can ignore it. Notification settings: ${notificationSettingsLink(input.appUrl)}`
      : `You get these alerts because incident alerts are on for your Upwatch account. Turn them off in your notification settings: ${notificationSettingsLink(input.appUrl)}`,
  });
};
