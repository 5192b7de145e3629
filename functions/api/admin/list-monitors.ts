import { AdminMonitorsQuery } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listAdminMonitors } from '../../services/admin/lists.js';

export const handler = apiHandler({ query: AdminMonitorsQuery }, async ({ query }) => ok(await listAdminMonitors(query)));
