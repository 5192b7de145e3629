import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getMonitorSlaMonth } from '../../services/sla/sla-reports.js';
import { monitorIdFrom } from '../monitor-id.js';

/** GET /api/monitors/{id}/sla: the monitor's month so far against its target (docs/sla-reports.md "The month so far"). */
export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await getMonitorSlaMonth(ctx, monitorIdFrom(pathParameters))));
