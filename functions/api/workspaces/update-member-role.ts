import { UpdateMemberRoleInput } from '../../../shared/workspaces/members.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { changeMemberRole } from '../../services/workspaces/members.js';
import { memberIdFrom } from './path-ids.js';

export const handler = apiHandler(UpdateMemberRoleInput, async ({ ctx, body, pathParameters }) =>
  ok(await changeMemberRole({ ctx, userId: memberIdFrom(pathParameters), input: body })));
