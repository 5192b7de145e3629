import { AdminIncidentsQuery } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listAdminIncidents } from '../../services/admin/lists.js';

export const handler = apiHandler({ query: AdminIncidentsQuery }, async ({ query }) => ok(await listAdminIncidents(query)));
