import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { deleteMonitor } from '../../services/monitors/delete-monitor.js';
import { monitorIdFrom } from '../monitor-id.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => {
  await deleteMonitor({ ctx, monitorId: monitorIdFrom(pathParameters) });
  return ok({ message: 'Monitor deleted' });
});
