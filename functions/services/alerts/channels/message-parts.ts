import type { ChannelAlert } from '../../../../shared/alerts/events.js';
import { durationInWords } from '../../../../shared/checks/incident-details.js';
import { formatEmailTime, formatResponseTime } from '../../email-layout.js';
import { alertWording, isSslEvent, TEST_ALERT_NOTICE } from '../alert-email.js';
import { shownAddress } from '../../../../shared/monitors/types/index.js';

/**
 * The parts every chat message is built from (docs/alerts.md "Events and payloads"), so Slack,
 * Teams, Discord and Telegram say the same things in the same order as the alert mail: the
 * headline, the paragraphs, the facts (label and value), what to do, and the buttons. Each
 * renderer only dresses them in its provider's format.
 */

/** The headline as a message's title: a test says so first. */
export const messageTitle = (alert: ChannelAlert): string => `${alert.test ? '[Test] ' : ''}${alert.headline}`;

/** The message's paragraphs: the test notice, what happened, and (unless it is good news) the impact and why. */
export const messageParagraphs = (alert: ChannelAlert): string[] => {
  const paragraphs = alert.test ? [TEST_ALERT_NOTICE] : [];
  paragraphs.push(alert.incident.message);
  if (alert.transition !== 'up') {
    for (const paragraph of [alert.incident.impact, alert.incident.explanation]) if (paragraph) paragraphs.push(paragraph);
  }
  return paragraphs;
};

/** "Down in: eu-west-1, us-east-1 · Up in: ap-south-1"; null when no checked round decided it. */
export const regionsLine = (regions: ChannelAlert['regions']): string | null => {
  if (!regions || (regions.down.length === 0 && regions.up.length === 0)) return null;
  const parts: string[] = [];
  if (regions.down.length) parts.push(`Down in: ${regions.down.join(', ')}`);
  if (regions.up.length) parts.push(`Up in: ${regions.up.join(', ')}`);
  return parts.join(' · ');
};

/**
 * The facts of an alert as label and value, with the alert mail's labels ("Down since",
 * "Downtime", "Expires"), times in the owner's timezone.
 */
export const messageFacts = (alert: ChannelAlert, timezone: string | null): [string, string][] => {
  const { incident } = alert;
  const wording = alertWording(alert.transition, alert.monitor.type, incident.error_category);
  const facts: [string, string][] = [['Monitor', alert.monitor.name]];
  // The address in the monitor type's words: "URL", "Port", "Hostname"; none for a heartbeat.
  const address = shownAddress(alert.monitor.type, alert.monitor.url);
  if (address) facts.push([address.label, address.value]);
  const since = alert.transition === 'ssl_expiring' ? incident.certificate_expires_at : incident.started_at;
  if (since) facts.push([wording.sinceLabel, formatEmailTime(since, timezone)]);
  if (wording.lastedLabel && incident.duration_seconds !== null) facts.push([wording.lastedLabel, durationInWords(incident.duration_seconds)]);
  if (incident.user_impact && (alert.transition === 'down' || alert.transition === 'slow' || isSslEvent(alert.transition))) {
    facts.push(['User impact', incident.user_impact]);
  }
  if (incident.status_code !== null) facts.push(['HTTP status', String(incident.status_code)]);
  // How long a refused or timed-out connection took says nothing about the site's speed.
  if (incident.response_time_ms !== null && (alert.transition !== 'down' || incident.status_code !== null)) {
    facts.push(['Response time', formatResponseTime(incident.response_time_ms)]);
  }
  const regions = regionsLine(alert.regions);
  if (regions) facts.push(['Regions', regions]);
  if (incident.acknowledged_by) facts.push(['Acknowledged by', incident.acknowledged_by]);
  return facts;
};

/** What to do, when there is something to do (a recovery has nothing). */
export const recommendedAction = (alert: ChannelAlert): string | null =>
  alert.transition === 'up' ? null : alert.incident.recommended_action;

/** The buttons: the incident (or the monitor, for a certificate alert) and, when it applies, the acknowledgement. */
export const messageLinks = (alert: ChannelAlert): { label: string; url: string }[] => {
  const links = [{ label: isSslEvent(alert.transition) ? 'View monitor' : 'View incident', url: alert.links.incident }];
  if (alert.links.acknowledge) links.push({ label: 'Acknowledge', url: alert.links.acknowledge });
  return links;
};

/** A text cut to a provider's limit, with an ellipsis when cut. */
export const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The colours of the alert mail's tones, as RGB numbers (Discord) and names (Teams). */
export const TONE_RGB: Record<ChannelAlert['tone'], number> = { alert: 0xdc2626, warning: 0xd97706, ok: 0x16a34a };

/** A dot before a chat headline, so the tone shows in a notification too. */
export const TONE_EMOJI: Record<ChannelAlert['tone'], string> = { alert: '🔴', warning: '🟠', ok: '🟢' };
