import type { TransitionEvent } from '../../../../shared/checks/transition-ids.js';
import type { OutboxEntry } from '../../../repositories/alert-outbox-repository.js';
import { getUserIncident } from '../../../repositories/incident-repository.js';
import { listStatusPages } from '../../../repositories/status-page-repository.js';
import { noticeIncidentOf, queueNoticeToSubscribers } from './queue-notice.js';

/**
 * A monitor's transition as a notice to status page subscribers (docs/status-pages.md "Subscriber
 * mails"): down and slow open an incident, up and slow_resolved resolve it; certificate alerts are
 * the owner's business only. It runs from the alert outbox, so it follows the alert's own rules: a
 * transition muted by a maintenance window has no outbox entry and mails no subscriber either.
 */
const NOTICE_OF: Partial<Record<TransitionEvent, 'incident_opened' | 'incident_resolved'>> = {
  down: 'incident_opened',
  slow: 'incident_opened',
  up: 'incident_resolved',
  slow_resolved: 'incident_resolved',
};

/** Queues the transition's notice for the pages that show its incident; answers how many pages. */
export const noticeSubscribersOfTransition = async (entry: Pick<OutboxEntry, 'userId' | 'alert'>): Promise<number> => {
  const kind = NOTICE_OF[entry.alert.event];
  if (!kind) return 0;
  // An account without pages notices nobody: the incident is read only where a page may show it.
  const pages = await listStatusPages(entry.userId);
  if (!pages.length) return 0;
  // The incident as the round's transaction wrote it (resolved, for a recovery), with its updates.
  const incident = await getUserIncident(entry.userId, entry.alert.incidentId, { consistent: true });
  const shown = incident ? noticeIncidentOf(incident) : null;
  if (!shown) return 0;
  return queueNoticeToSubscribers(entry.userId, { kind, incident: shown }, pages);
};
