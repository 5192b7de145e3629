import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getMonitorDetails } from '../../services/insights/get-monitor-details.js';
import { monitorIdFrom } from '../monitor-id.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await getMonitorDetails({ ctx, monitorId: monitorIdFrom(pathParameters) })));
