import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getDashboardStats } from '../../services/insights/get-dashboard-stats.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getDashboardStats({ ctx })));
