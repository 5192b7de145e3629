import { notFound } from '../../../shared/errors.js';
import { IncidentIdParam } from '../../../shared/incidents/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { acknowledgeOwnIncident } from '../../services/incidents/acknowledge.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => {
  const parsed = IncidentIdParam.safeParse(pathParameters.id);
  if (!parsed.success) throw notFound('Incident');
  return ok(await acknowledgeOwnIncident({ ctx, incidentId: parsed.data }));
});
