import { publishLive } from '../live/publish-live.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import { pipelineConfig } from '../../checks/pipeline-config.js';
import { config } from '../../config.js';
import { deleteAlertTimer } from '../../repositories/alert-timer-repository.js';
import { acknowledgeUserIncident } from '../../repositories/incident-repository.js';
import { markLatestIncidentAcknowledged } from '../../repositories/monitor-repository.js';
import { getNotificationPreferences } from '../../repositories/notification-preferences-repository.js';
import { channelAlert } from './channel-alert.js';
import { fanOutToChannels } from './fan-out-channels.js';
import { alertOfIncident } from './incident-event.js';

/**
 * Acknowledges an open down or slow incident (docs/alerts.md "Acknowledgement"): the first
 * acknowledgement is recorded with who and when; its reminders and escalation steps stop (the
 * timer goes); and the monitor's channels hear it as `incident.acknowledged` (PagerDuty as an
 * acknowledge of the same dedup_key). A second acknowledgement changes nothing and tells no one.
 * Null when the user has no such incident.
 */
export const acknowledgeIncident = async (opts: {
  userId: string;
  incidentId: string;
  by: string;
  now: Date;
}): Promise<{ incident: Incident; acknowledgedNow: boolean } | null> => {
  const at = opts.now.toISOString();
  const result = await acknowledgeUserIncident(opts.userId, opts.incidentId, { by: opts.by, at });
  if (!result?.acknowledgedNow) return result;
  const { incident } = result;
  await deleteAlertTimer(opts.userId, incident.id);
  await markLatestIncidentAcknowledged(opts.userId, incident.monitor_id, { incidentId: incident.id, at, by: opts.by });
  const transitionId = `${incident.id}#ack`;
  const { alert, monitorType } = alertOfIncident(incident, { transitionId, at });
  await fanOutToChannels({
    entry: { userId: opts.userId, transitionId, alert: { monitorId: incident.monitor_id } },
    alert: channelAlert({
      monitorName: incident.monitor_name,
      monitorUrl: incident.monitor_url,
      monitorType,
      alert,
      regions: null,
      appUrl: config().appUrl,
      acknowledgeUrl: null,
      acknowledgement: { by: opts.by, at },
      test: false,
    }),
    preferences: await getNotificationPreferences(opts.userId),
    queueUrl: pipelineConfig().channelDeliveriesQueueUrl,
    now: opts.now,
  });
  // The incident page open elsewhere shows who took it on (docs/live-status.md "Pushes").
  await publishLive(opts.userId, [{ type: 'incident.changed', incident_id: incident.id, monitor_id: incident.monitor_id }]);
  return result;
};
