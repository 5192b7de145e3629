import { notFound } from '../../../shared/errors.js';
import { IncidentIdParam } from '../../../shared/incidents/schemas.js';
import { IncidentUpdateInput } from '../../../shared/incidents/updates.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { postIncidentUpdate } from '../../services/incidents/post-update.js';

export const handler = apiHandler(IncidentUpdateInput, async ({ ctx, body, pathParameters }) => {
  // Something that cannot be an incident id is an incident not found.
  const parsed = IncidentIdParam.safeParse(pathParameters.id);
  if (!parsed.success) throw notFound('Incident');
  return ok(await postIncidentUpdate({ ctx, incidentId: parsed.data, input: body }));
});
