import { SlaWorkspaceTargetInput } from '../../../shared/sla/targets.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { setWorkspaceSlaTarget } from '../../services/sla/sla-reports.js';

/** PUT /api/sla/target: sets the workspace's SLA target (docs/sla-reports.md "Targets"). */
export const handler = apiHandler(SlaWorkspaceTargetInput, async ({ ctx, body }) => ok(await setWorkspaceSlaTarget(ctx, body)));
