import { AdminUpdateUserInput } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { adminUpdateUser } from '../../services/admin/edit-user.js';
import { userIdFrom } from './path-ids.js';

export const handler = apiHandler(AdminUpdateUserInput, async ({ ctx, body, pathParameters }) =>
  ok(await adminUpdateUser({ ctx, userId: userIdFrom(pathParameters), input: body })));
