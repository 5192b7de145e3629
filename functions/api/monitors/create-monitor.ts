import { CreateMonitorInput } from '../../../shared/monitors/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { createMonitor } from '../../services/monitors/create-monitor.js';

export const handler = apiHandler(CreateMonitorInput, async ({ ctx, body }) =>
  created(await createMonitor({ ctx, input: body })));
