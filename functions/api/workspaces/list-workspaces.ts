import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listWorkspaces } from '../../services/workspaces/list-workspaces.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listWorkspaces({ ctx })));
