import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getAdminDashboard } from '../../services/admin/dashboard.js';

export const handler = apiHandler(null, async () => ok(await getAdminDashboard()));
