import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { adminDeleteUser } from '../../services/admin/edit-user.js';
import { userIdFrom } from './path-ids.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await adminDeleteUser({ ctx, userId: userIdFrom(pathParameters) })));
