import { V1ListQuery } from '../../../shared/api/v1/schemas.js';
import { notFound } from '../../../shared/errors.js';
import { IncidentIdParam } from '../../../shared/incidents/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { V1_OPERATIONS } from '../../../shared/api/v1/operations.js';
import { acknowledgeV1Incident, getV1Incident, listV1Incidents, postV1IncidentUpdate } from '../../services/v1/incidents.js';

/** Something that cannot be an incident id is an incident not found (404). */
const incidentIdFrom = (pathParameters: Record<string, string>): string => {
  const parsed = IncidentIdParam.safeParse(pathParameters.id);
  if (!parsed.success) throw notFound('Incident');
  return parsed.data;
};

/** The /api/v1/incidents handlers (shared/api/v1/operations.ts). */
export const v1ListIncidents = apiHandler({ query: V1ListQuery }, async ({ ctx, query }) => ok(await listV1Incidents({ ctx, query })));

export const v1GetIncident = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await getV1Incident({ ctx, incidentId: incidentIdFrom(pathParameters) })));

export const v1AcknowledgeIncident = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await acknowledgeV1Incident({ ctx, incidentId: incidentIdFrom(pathParameters) })));

export const v1PostIncidentUpdate = apiHandler(V1_OPERATIONS.v1PostIncidentUpdate.body, async ({ ctx, body, pathParameters }) =>
  ok(await postV1IncidentUpdate({ ctx, incidentId: incidentIdFrom(pathParameters), input: body })));
