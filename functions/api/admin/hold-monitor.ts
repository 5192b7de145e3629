import { AdminMonitorHoldInput } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { adminHoldMonitor } from '../../services/admin/monitor-holds.js';
import { monitorIdFrom } from './path-ids.js';

export const handler = apiHandler(AdminMonitorHoldInput, async ({ ctx, body, pathParameters }) =>
  ok(await adminHoldMonitor({ ctx, monitorId: monitorIdFrom(pathParameters), input: body })));
