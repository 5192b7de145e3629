import type { Incident } from '../../../../shared/incidents/schemas.js';
import type { MaintenanceOccurrence, MaintenanceWindow } from '../../../../shared/maintenance/windows.js';
import {
  pagesToNotify,
  type MaintenanceNoticeKind,
  type NoticeIncident,
  type SubscriberNotice,
} from '../../../../shared/status-pages/subscriber-notices.js';
import { pipelineConfig } from '../../../checks/pipeline-config.js';
import { logger } from '../../../observability/logger.js';
import { listStatusPages, type StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { queueSubscriberNotices } from '../../../repositories/subscriber-notice-queue-repository.js';

/**
 * Where a notice to status page subscribers starts (docs/status-pages.md "Subscriber mails"): the
 * event's owner's pages are read once (a few items in their partition), and each page that shows
 * what the notice is about gets one message on the subscriber-notices queue. Nothing is mailed
 * here, so an API request, the alerts consumer or the boundary job stays quick whatever the number
 * of subscribers. Queueing the same notice again (a retried alert, a re-run job) mails nobody twice:
 * each subscriber's mail is claimed by the notice's id.
 */

/** An incident as notices carry it; null for a recovery record, which no page shows as an incident. */
export const noticeIncidentOf = (incident: Incident): NoticeIncident | null => {
  if (incident.alert_type !== 'down' && incident.alert_type !== 'slow') return null;
  const updates = incident.updates ?? [];
  return {
    id: incident.id,
    monitor_id: incident.monitor_id,
    alert_type: incident.alert_type,
    status: incident.status,
    started_at: incident.started_at,
    resolved_at: incident.resolved_at,
    has_updates: updates.length > 0,
    latest_update: updates.at(-1) ?? null,
  };
};

/** A maintenance run's notice. */
export const maintenanceNotice = (kind: MaintenanceNoticeKind, window: MaintenanceWindow, occurrence: Pick<MaintenanceOccurrence, 'starts_at' | 'ends_at'>): SubscriberNotice => ({
  kind,
  window: {
    id: window.id,
    title: window.title,
    description: window.description,
    time_zone: window.timezone,
    monitor_ids: [...window.monitor_ids],
    status_page_id: window.status_page_id,
  },
  occurrence: { starts_at: occurrence.starts_at, ends_at: occurrence.ends_at },
});

/** Queues the notice for each of the user's pages that shows it; answers how many pages. */
export const queueNoticeToSubscribers = async (
  userId: string,
  notice: SubscriberNotice,
  /** The user's pages, when the caller has read them already. */
  pagesRead?: readonly StoredStatusPage[],
): Promise<number> => {
  const queueUrl = pipelineConfig().subscriberNoticesQueueUrl;
  if (!queueUrl) {
    logger.warn('SUBSCRIBER_NOTICES_QUEUE_URL is not set: status page subscribers are not mailed', { userId, notice: notice.kind });
    return 0;
  }
  const pages = pagesRead ?? (await listStatusPages(userId));
  const targets = pagesToNotify(
    notice,
    pages.map((page) => ({ id: page.id, components: page.components, show_automatic_incidents: page.showAutomaticIncidents })),
  );
  await queueSubscriberNotices(
    queueUrl,
    targets.map((page) => ({ kind: 'subscriber_notice' as const, userId, pageId: page.id, notice, cursor: null })),
  );
  return targets.length;
};
