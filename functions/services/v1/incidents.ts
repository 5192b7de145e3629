/**
 * The public API's incident operations (docs/api.md "Incidents"): the app's incident services in
 * `ctx.workspaceId`, mapped to the v1 shape.
 */
import type { V1Incident, V1IncidentPage, V1ListQuery } from '../../../shared/api/v1/schemas.js';
import { listUserIncidents } from '../../repositories/incident-repository.js';
import type { CallerContext } from '../context.js';
import type { IncidentUpdateInput } from '../../../shared/incidents/updates.js';
import { acknowledgeOwnIncident } from '../incidents/acknowledge.js';
import { postIncidentUpdate } from '../incidents/post-update.js';
import { getIncident } from '../insights/get-incident.js';
import { cursorPage } from './cursor-page.js';
import { toV1Incident } from './mappers.js';

export const listV1Incidents = async ({ ctx, query }: { ctx: CallerContext; query: V1ListQuery }): Promise<V1IncidentPage> => {
  const page = cursorPage(await listUserIncidents(ctx.workspaceId), query);
  return { data: page.data.map(toV1Incident), next_cursor: page.next_cursor };
};

export const getV1Incident = async ({ ctx, incidentId }: { ctx: CallerContext; incidentId: string }): Promise<V1Incident> =>
  toV1Incident(await getIncident({ ctx, incidentId }));

export const acknowledgeV1Incident = async ({ ctx, incidentId }: { ctx: CallerContext; incidentId: string }): Promise<V1Incident> =>
  toV1Incident(await acknowledgeOwnIncident({ ctx, incidentId }));

export const postV1IncidentUpdate = async ({ ctx, incidentId, input }: { ctx: CallerContext; incidentId: string; input: IncidentUpdateInput }): Promise<V1Incident> =>
  toV1Incident(await postIncidentUpdate({ ctx, incidentId, input }));
