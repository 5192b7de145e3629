import { durationInWords, type IncidentCategory } from '../../../../../shared/checks/incident-details.js';
import type { Incident } from '../../../../../shared/incidents/schemas.js';

/** Spec §2: the category with underscores shown as spaces ("connection_refused" -> "connection refused"). */
export const categoryLabel = (category: IncidentCategory | null): string => (category ? category.replaceAll('_', ' ') : '—');

/**
 * "What happened" (spec §2): the incident's explanation, else its one-line message. The message is
 * the short summary; the explanation says why, which is what the heading asks.
 */
export const whatHappened = (incident: Pick<Incident, 'message' | 'details'>): string =>
  incident.details.explanation?.trim() || incident.message;

/**
 * How long a resolved incident lasted ("12 minutes"), else null. A recovery (`up`) is recorded as
 * resolved the moment it happens: its own duration is always zero, and how long the site was down
 * is already in its message, so it shows none.
 */
export const incidentDuration = (incident: Pick<Incident, 'alert_type' | 'status' | 'started_at' | 'resolved_at'>): string | null => {
  if (incident.status !== 'resolved' || incident.alert_type === 'up' || !incident.resolved_at) return null;
  const seconds = (Date.parse(incident.resolved_at) - Date.parse(incident.started_at)) / 1000;
  return Number.isFinite(seconds) ? durationInWords(seconds) : null;
};
