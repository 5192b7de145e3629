import { incidentTitle } from '../../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import { monitorTypeOfUrl } from '../../../shared/monitors/types/index.js';
import type { MonitorType } from '../../../shared/monitors/monitor-types.js';

/**
 * A later event of an open incident (its acknowledgement) as the alert it continues, so every
 * channel renders it with the incident's own words (channel-alert.ts). Its transition id is the
 * incident's and the event's (`<incident id>#ack`): one such event per incident and channel.
 */
export const alertOfIncident = (incident: Incident, opts: { transitionId: string; at: string }): { alert: AlertEvent; monitorType: MonitorType } => {
  const monitorType = monitorTypeOfUrl(incident.monitor_url);
  const event = incident.alert_type === 'slow' ? 'slow' : 'down';
  return {
    monitorType,
    alert: {
      transitionId: opts.transitionId,
      event,
      monitorId: incident.monitor_id,
      round: incident.started_at,
      incidentId: incident.id,
      title: incidentTitle(incident.alert_type, { monitorType, errorCategory: incident.details.error_category }),
      message: incident.message,
      details: incident.details,
      occurredAt: opts.at,
      since: incident.started_at,
    },
  };
};
