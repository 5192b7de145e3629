import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { removeMember } from '../../services/workspaces/members.js';
import { memberIdFrom } from './path-ids.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await removeMember({ ctx, userId: memberIdFrom(pathParameters) })));
