import { notFound } from '../../../shared/errors.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import { getUserIncident } from '../../repositories/incident-repository.js';
import type { CallerContext } from '../context.js';

/** GET /api/incidents/{id}: one of the caller's incidents; anyone else's (or none) is 404. */
export const getIncident = async ({ ctx, incidentId }: { ctx: CallerContext; incidentId: string }): Promise<Incident> => {
  const incident = await getUserIncident(ctx.workspaceId, incidentId);
  if (!incident) throw notFound('Incident');
  return incident;
};
