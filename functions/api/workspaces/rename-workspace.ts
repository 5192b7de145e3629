import { RenameWorkspaceInput } from '../../../shared/workspaces/members.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { renameWorkspace } from '../../services/workspaces/members.js';

export const handler = apiHandler(RenameWorkspaceInput, async ({ ctx, body }) => ok(await renameWorkspace({ ctx, input: body })));
