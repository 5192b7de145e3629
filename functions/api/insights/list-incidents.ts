import { ListIncidentsQuery } from '../../../shared/incidents/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listIncidents } from '../../services/insights/list-incidents.js';

export const handler = apiHandler({ query: ListIncidentsQuery }, async ({ ctx, query }) =>
  ok(await listIncidents({ ctx, query })));
