import { ListMonitorsQuery } from '../../../shared/monitors/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listMonitors } from '../../services/monitors/list-monitors.js';

export const handler = apiHandler({ query: ListMonitorsQuery }, async ({ ctx, query }) =>
  ok(await listMonitors({ ctx, query })));
