import { SlaMonitorTargetInput } from '../../../shared/sla/targets.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { setMonitorSlaTarget } from '../../services/sla/sla-reports.js';
import { monitorIdFrom } from '../monitor-id.js';

/** PUT /api/monitors/{id}/sla-target: one monitor's own SLA target, or null for the workspace's (docs/sla-reports.md "Targets"). */
export const handler = apiHandler(SlaMonitorTargetInput, async ({ ctx, body, pathParameters }) =>
  ok(await setMonitorSlaTarget(ctx, monitorIdFrom(pathParameters), body)));
