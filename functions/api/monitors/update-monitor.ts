import { UpdateMonitorInput } from '../../../shared/monitors/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { updateMonitor } from '../../services/monitors/update-monitor.js';
import { monitorIdFrom } from '../monitor-id.js';

export const handler = apiHandler(UpdateMonitorInput, async ({ ctx, body, pathParameters }) =>
  ok(await updateMonitor({ ctx, monitorId: monitorIdFrom(pathParameters), input: body })));
