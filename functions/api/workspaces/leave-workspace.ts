import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { leaveWorkspace } from '../../services/workspaces/members.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await leaveWorkspace({ ctx })));
