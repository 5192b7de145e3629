import type { IncidentAlertType, IncidentCategory } from '../checks/incident-details.js';
import type { IncidentUpdateStatus } from './updates.js';

/**
 * The first update, drafted for the owner to edit (docs/status-pages.md "Incident updates"). The
 * incident's own explanation is written to the owner ("your server refused the connection"); the
 * draft says the same thing the way the owner would say it to their users: what they notice, that
 * someone is on it, and that more will follow. It names no check, region or code, so it can be
 * sent as it is.
 */
export interface UpdateDraft {
  status: IncidentUpdateStatus;
  message: string;
}

type Symptom = 'unreachable' | 'errors' | 'misbehaving' | 'not_running' | 'slow';

// What the owner's users notice, by what the checks found (shared/checks/check-result.ts ERROR_CATEGORIES).
const SYMPTOM_OF: Readonly<Record<IncidentCategory, Symptom>> = {
  dns_failure: 'unreachable',
  connection_refused: 'unreachable',
  connection_timeout: 'unreachable',
  connection_reset: 'unreachable',
  tls_error: 'unreachable',
  timeout: 'unreachable',
  too_many_redirects: 'unreachable',
  blocked_target: 'unreachable',
  unknown: 'unreachable',
  dns_mismatch: 'unreachable',
  http_4xx: 'errors',
  http_5xx: 'errors',
  invalid_response: 'errors',
  unexpected_status: 'errors',
  keyword_missing: 'misbehaving',
  keyword_found: 'misbehaving',
  json_mismatch: 'misbehaving',
  header_mismatch: 'misbehaving',
  body_too_large: 'misbehaving',
  heartbeat_missing: 'not_running',
  heartbeat_failed: 'not_running',
  slow_response: 'slow',
};

const SYMPTOM_TEXT: Readonly<Record<Symptom, (name: string) => string>> = {
  unreachable: (name) => `${name} can't be reached right now, so you may not be able to use it.`,
  errors: (name) => `${name} is showing errors right now instead of working as usual.`,
  misbehaving: (name) => `${name} isn't working as it should right now.`,
  not_running: (name) => `${name} isn't running as it should right now, so some things may be delayed.`,
  slow: (name) => `${name} is slower than usual right now, so things may take longer to load.`,
};

const FOLLOW_UP = "We're investigating and will post an update here as soon as we know more.";

/** Drafts the first update of an incident from what its checks found, for the named service. */
export const draftFirstUpdate = (incident: {
  alert_type: IncidentAlertType;
  monitor_name: string;
  details: { error_category: IncidentCategory | null };
}): UpdateDraft => {
  const name = incident.monitor_name.trim() || 'Our service';
  if (incident.alert_type === 'up') {
    return { status: 'resolved', message: `${name} is working normally again. Thank you for your patience.` };
  }
  const category = incident.details.error_category ?? (incident.alert_type === 'slow' ? 'slow_response' : 'unknown');
  const symptom = incident.alert_type === 'slow' ? 'slow' : SYMPTOM_OF[category];
  return { status: 'investigating', message: `${SYMPTOM_TEXT[symptom](name)} ${FOLLOW_UP}` };
};
