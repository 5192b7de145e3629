import { durationInWords, type IncidentCategory } from '@shared/checks/incident-details.js';
import type { Incident } from '@shared/incidents/schemas.js';

/** docs/product-rules.md "Incidents and their texts": the category with underscores shown as spaces ("connection_refused" -> "connection refused"). */
export const categoryLabel = (category: IncidentCategory | null): string => (category ? category.replaceAll('_', ' ') : '—');

/**
 * "What happened" (docs/product-rules.md "Incidents and their texts"): the incident's explanation, else its one-line message. The message is
 * the short summary; the explanation says why, which is what the heading asks.
 */
export const whatHappened = (incident: Pick<Incident, 'message' | 'details'>): string =>
  incident.details.explanation?.trim() || incident.message;

/**
 * How long a resolved incident lasted ("12 minutes"), else null. A recovery (`up`) is recorded as
 * resolved the moment it happens, so its own duration is always zero: it shows the outage it
 * closes instead, from `outage_started_at` (recoveries recorded before that field have none).
 */
export const incidentDuration = (
  incident: Pick<Incident, 'alert_type' | 'status' | 'started_at' | 'resolved_at' | 'outage_started_at'>,
): string | null => {
  if (incident.status !== 'resolved' || !incident.resolved_at) return null;
  const from = incident.alert_type === 'up' ? incident.outage_started_at : incident.started_at;
  if (!from) return null;
  const seconds = (Date.parse(incident.resolved_at) - Date.parse(from)) / 1000;
  return Number.isFinite(seconds) ? durationInWords(seconds) : null;
};

/** Whether the incident can be acknowledged (docs/alerts.md "Acknowledgement"): open, down or slow, and nobody has yet. */
export const canAcknowledge = (incident: Pick<Incident, 'status' | 'alert_type' | 'acknowledged_at'>): boolean =>
  incident.status === 'open' && incident.alert_type !== 'up' && !incident.acknowledged_at;
