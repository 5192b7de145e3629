import { ulid } from 'ulid';
import { AppError, notFound } from '../../../shared/errors.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import {
  INCIDENT_UPDATE_LIMITS,
  type ImpactLevel,
  type IncidentUpdate,
  type IncidentUpdateInput,
} from '../../../shared/incidents/updates.js';
import { appendIncidentUpdate, getUserIncident, monitorsNotOwned } from '../../repositories/incident-repository.js';
import { logger } from '../../observability/logger.js';
import { publishLive } from '../live/publish-live.js';
import { noticeIncidentOf, queueNoticeToSubscribers } from '../status-pages/subscribers/queue-notice.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { renderUpdateMarkdown } from './render-update-markdown.js';

/**
 * POST /api/incidents/{id}/updates (docs/status-pages.md "Incident updates"): the owner tells their
 * users what is going on. The message is rendered and sanitized now, once; the update is appended
 * to the incident record. An update only tells: a "resolved" update does not close an incident
 * the checks still see as open, and an "investigating" one does not reopen a resolved one.
 */

/** A page shows at most this many components, so an update cannot weigh more monitors than that. */
export const IMPACT_MONITORS_MAX = 100;

export const UPDATES_FULL_DETAIL = `This incident already has ${INCIDENT_UPDATE_LIMITS.updatesMax} updates, the most one incident keeps. Post what is new on the next incident.`;

/** The impact when the owner chose none: the incident's own monitor at its automatic level; a recovery hurts nothing. */
export const automaticImpact = (incident: Pick<Incident, 'alert_type' | 'monitor_id'>): Record<string, ImpactLevel> => {
  if (incident.alert_type === 'down') return { [incident.monitor_id]: 'major' };
  if (incident.alert_type === 'slow') return { [incident.monitor_id]: 'degraded' };
  return {};
};

const checkedImpact = async (userId: string, incident: Incident, impact: IncidentUpdateInput['impact']): Promise<Record<string, ImpactLevel>> => {
  if (!impact) return automaticImpact(incident);
  const ids = Object.keys(impact);
  if (ids.length > IMPACT_MONITORS_MAX) {
    throw new AppError('VALIDATION_FAILED', `impact can name at most ${IMPACT_MONITORS_MAX} monitors`, [
      { field: 'impact', message: `impact can name at most ${IMPACT_MONITORS_MAX} monitors` },
    ]);
  }
  // Another account's monitor is a monitor not found, as everywhere (docs/security.md "Tenancy").
  if ((await monitorsNotOwned(userId, ids)).length) throw notFound('Monitor');
  return impact;
};

/**
 * The subscribers of the pages that show the incident hear of the update (docs/status-pages.md
 * "Subscriber mails"): one queue message per page, the mails sent by the subscriber mailer. The
 * update is posted whatever happens here; a queue that cannot be reached is logged as an error.
 */
const queueUpdateNotice = async (userId: string, incident: Incident, update: IncidentUpdate): Promise<void> => {
  const shown = noticeIncidentOf(incident);
  if (!shown) return;
  try {
    await queueNoticeToSubscribers(userId, { kind: 'incident_updated', incident: shown, update });
  } catch (error) {
    logger.error('Could not queue an incident update for status page subscribers; it is posted but not mailed', { incidentId: incident.id, error });
  }
};

/** Appends the caller's update to their incident and answers the incident as it now is. */
export const postIncidentUpdate = async ({
  ctx,
  incidentId,
  input,
  now = new Date(),
}: {
  ctx: CallerContext;
  incidentId: string;
  input: IncidentUpdateInput;
  now?: Date;
}): Promise<Incident> => {
  const incident = await getUserIncident(ctx.workspaceId, incidentId);
  if (!incident) throw notFound('Incident');
  if ((incident.updates?.length ?? 0) >= INCIDENT_UPDATE_LIMITS.updatesMax) throw new AppError('CONFLICT', UPDATES_FULL_DETAIL);
  const update: IncidentUpdate = {
    id: ulid(now.getTime()),
    status: input.status,
    message: input.message,
    message_html: renderUpdateMarkdown(input.message),
    impact: await checkedImpact(ctx.workspaceId, incident, input.impact),
    created_at: now.toISOString(),
  };
  const result = await appendIncidentUpdate(ctx.workspaceId, incidentId, update, INCIDENT_UPDATE_LIMITS.updatesMax);
  if (result === 'not_found') throw notFound('Incident');
  if (result === 'full') throw new AppError('CONFLICT', UPDATES_FULL_DETAIL);
  // The incident page open elsewhere, and the pages that show it, read the update (docs/live-status.md "Pushes").
  await publishLive(ctx.workspaceId, [{ type: 'incident.changed', incident_id: result.id, monitor_id: result.monitor_id }]);
  await queueUpdateNotice(ctx.workspaceId, result, update);
  await recordWorkspaceAudit(ctx, { action: 'incident.update_posted', targetType: 'incident', targetId: result.id, targetLabel: result.monitor_name, details: { status: update.status } });
  return result;
};
