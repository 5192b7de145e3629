import { notFound } from '../../../shared/errors.js';
import { IncidentIdParam } from '../../../shared/incidents/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getIncident } from '../../services/insights/get-incident.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => {
  // Something that cannot be an incident id is an incident not found.
  const parsed = IncidentIdParam.safeParse(pathParameters.id);
  if (!parsed.success) throw notFound('Incident');
  return ok(await getIncident({ ctx, incidentId: parsed.data }));
});
