import { durationInWords } from '../../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import type { TransitionEvent } from '../../../shared/checks/transition-ids.js';
import { DEFAULT_MONITOR_TYPE, type MonitorType } from '../../../shared/monitors/monitor-types.js';
import { monitorTypeDefinition } from '../../../shared/monitors/types/index.js';
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
}

interface EventWording {
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

const wordingOf = (alert: AlertEvent, monitorType: MonitorType): EventWording => {
  const { wording } = monitorTypeDefinition(monitorType);
  const errorCategory = alert.details?.error_category ?? null;
  switch (alert.event) {
    case 'down':
      return { ...DOWN_WORDING, subject: wording.downTitle(errorCategory), heading: (monitor) => wording.downHeading(monitor, errorCategory) };
    case 'up':
      return { ...UP_WORDING, subject: wording.upTitle, heading: wording.upHeading, atLabel: wording.upAtLabel };
    default:
      return WORDING[alert.event];
  }
};

/** The Incidents page of the app: where reports (and test alerts) link to. */
export const incidentsLink = (appUrl: string): string => `${appUrl}/app/incidents`;

/** The one incident an alert is about: its "View incident" button opens it. */
export const incidentLink = (appUrl: string, incidentId: string): string => `${appUrl}/app/incidents/${encodeURIComponent(incidentId)}`;

/** A monitor's detail page: certificate alerts open no incident, they link here. */
export const monitorLink = (appUrl: string, monitorId: string): string => `${appUrl}/app/monitors/${encodeURIComponent(monitorId)}`;

const isSslEvent = (event: AlertEvent['event']): boolean => event === 'ssl_expiring' || event === 'ssl_invalid';

export const notificationSettingsLink = (appUrl: string): string => `${appUrl}/app/settings?section=notifications`;

const secondsBetween = (from: string, to: string): number => Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);

export const alertEmail = (input: AlertEmailInput): OutgoingEmail => {
  const { alert } = input;
  const wording = wordingOf(alert, input.monitorType ?? DEFAULT_MONITOR_TYPE);
  const details: [string, string][] = [
    ['Monitor', input.monitorName],
    ['URL', input.monitorUrl],
  ];
  const when = (iso: string) => formatEmailTime(iso, input.timezone);
  // For down and slow, `since` is the moment of the alert itself or shortly before: one row says it.
  if (alert.since && (wording.lastedLabel || alert.since !== alert.occurredAt)) details.push([wording.sinceLabel, when(alert.since)]);
  details.push([wording.atLabel, when(alert.occurredAt)]);
  if (wording.lastedLabel && alert.since) {
    details.push([wording.lastedLabel, durationInWords(secondsBetween(alert.since, alert.occurredAt))]);
  }
  const facts = alert.details;
  if (facts) {
    if (alert.event === 'down' || alert.event === 'slow' || isSslEvent(alert.event)) details.push(['User impact', facts.user_impact]);
    if (facts.status_code !== null) details.push(['HTTP status', String(facts.status_code)]);
    // How long a refused or timed-out connection took says nothing about the site's speed.
    if (facts.response_time !== null && (alert.event !== 'down' || facts.status_code !== null)) {
      details.push(['Response time', formatResponseTime(facts.response_time * 1000)]);
    }
    if (alert.event !== 'up') details.push(['What to do', facts.recommended_action]);
  }

  const paragraphs = [alert.message];
  if (facts && alert.event !== 'up') paragraphs.push(facts.impact_description, facts.explanation);
  const test = input.test;
  if (test) paragraphs.unshift('This is a test alert with sample data: none of your monitors changed. A real alert looks like this.');

  return brandedEmail({
    to: input.to,
    subject: `${test ? '[Test] ' : ''}${wording.subject}: ${input.monitorName}`,
    heading: wording.heading(input.monitorName),
    tone: wording.tone,
    paragraphs,
    details,
    // A test alert's incident is sample data: it opens the incidents list instead.
    action: isSslEvent(alert.event)
      ? { label: 'View monitor', url: monitorLink(input.appUrl, alert.monitorId) }
      : { label: 'View incident', url: test ? incidentsLink(input.appUrl) : incidentLink(input.appUrl, alert.incidentId) },
    footer: test
      ? `Sent because the Upwatch account ${test.requestedBy} asked for a test incident alert to this address. If you did not expect it, you can ignore it. Notification settings: ${notificationSettingsLink(input.appUrl)}`
      : `You get these alerts because incident alerts are on for your Upwatch account. Turn them off in your notification settings: ${notificationSettingsLink(input.appUrl)}`,
  });
};
