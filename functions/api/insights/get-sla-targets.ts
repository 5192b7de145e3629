import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getSlaTargets } from '../../services/sla/sla-reports.js';

/** GET /api/sla/target: the workspace's SLA target and the monitors' own (docs/sla-reports.md "Targets"). */
export const handler = apiHandler(null, async ({ ctx }) => ok(await getSlaTargets(ctx)));
