import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listMembers } from '../../services/workspaces/members.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listMembers({ ctx })));
