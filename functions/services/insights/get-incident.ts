import { notFound } from '../../../shared/errors.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import { getUserIncident } from '../../repositories/incident-repository.js';
import type { AuthContext } from '../context.js';

/** GET /api/incidents/{id}: one of the caller's incidents; anyone else's (or none) is 404. */
export const getIncident = async ({ ctx, incidentId }: { ctx: AuthContext; incidentId: string }): Promise<Incident> => {
  const incident = await getUserIncident(ctx.userId, incidentId);
  if (!incident) throw notFound('Incident');
  return incident;
};
