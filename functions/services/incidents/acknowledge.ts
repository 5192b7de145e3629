import type { AcknowledgementView } from '../../../shared/alerts/acknowledge.js';
import { AppError, notFound } from '../../../shared/errors.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import { getUserIncident } from '../../repositories/incident-repository.js';
import { acknowledgeIncident } from '../alerts/acknowledge-incident.js';
import { ackLinkOfToken } from '../alerts/acknowledge-link.js';
import type { CallerContext } from '../context.js';
import { recordLinkAudit, recordWorkspaceAudit } from '../workspaces/audit.js';

/**
 * Acknowledging from the incident page or from a link in an alert message (docs/alerts.md
 * "Acknowledgement"). Only an open down or slow incident can be acknowledged; acknowledging one
 * already acknowledged answers it as it is (the first acknowledgement stands).
 */
const INVALID_LINK = 'This acknowledgement link is not valid or has expired. Open the incident in Upwatch to acknowledge it there.';

const assertAcknowledgeable = (incident: Incident): void => {
  if (incident.alert_type !== 'down' && incident.alert_type !== 'slow') {
    throw new AppError('VALIDATION_FAILED', 'Only a down or slow incident can be acknowledged.');
  }
  if (incident.status !== 'open' && !incident.acknowledged_at) {
    throw new AppError('VALIDATION_FAILED', 'This incident is already resolved: there is nothing left to acknowledge.');
  }
};

/** POST /api/incidents/{id}/acknowledge: acknowledged by the signed-in owner. */
export const acknowledgeOwnIncident = async ({ ctx, incidentId }: { ctx: CallerContext; incidentId: string }): Promise<Incident> => {
  const incident = await getUserIncident(ctx.workspaceId, incidentId);
  if (!incident) throw notFound('Incident');
  assertAcknowledgeable(incident);
  const result = await acknowledgeIncident({ userId: ctx.workspaceId, incidentId, by: ctx.profile.email, now: new Date() });
  if (!result) throw notFound('Incident');
  // A second acknowledgement changes nothing, so it is not a change to record.
  if (result.acknowledgedNow) await recordWorkspaceAudit(ctx, { action: 'incident.acknowledged', targetType: 'incident', targetId: incidentId, targetLabel: result.incident.monitor_name });
  return result.incident;
};

const viewOf = (incident: Incident): AcknowledgementView => ({
  monitor_name: incident.monitor_name,
  title: incident.message,
  started_at: incident.started_at,
  status: incident.status,
  acknowledged_at: incident.acknowledged_at ?? null,
  acknowledged_by: incident.acknowledged_by ?? null,
});

const incidentOfLink = async (token: string, now: Date) => {
  const link = await ackLinkOfToken(token, now);
  const incident = link ? await getUserIncident(link.userId, link.incidentId) : null;
  if (!link || !incident) throw new AppError('INVALID_TOKEN', INVALID_LINK);
  return { link, incident };
};

/** GET /api/public/acknowledge?token=: what the link's page shows; reading acknowledges nothing. */
export const acknowledgementOfLink = async ({ token }: { token: string }): Promise<AcknowledgementView> =>
  viewOf((await incidentOfLink(token, new Date())).incident);

/** POST /api/public/acknowledge {token}: the page's button. */
export const acknowledgeByLink = async ({ token, clientIp }: { token: string; clientIp: string }): Promise<AcknowledgementView> => {
  const now = new Date();
  const { link, incident } = await incidentOfLink(token, now);
  if (incident.acknowledged_at) return viewOf(incident);
  assertAcknowledgeable(incident);
  const result = await acknowledgeIncident({ userId: link.userId, incidentId: incident.id, by: `a link in ${link.via}`, now });
  const audited = { action: 'incident.acknowledged', targetType: 'incident', targetId: incident.id, targetLabel: incident.monitor_name, details: { via: link.via } } as const;
  if (result?.acknowledgedNow) await recordLinkAudit(link.userId, clientIp, audited, now);
  return viewOf(result?.incident ?? incident);
};
