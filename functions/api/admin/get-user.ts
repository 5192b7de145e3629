import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getAdminUserDetail } from '../../services/admin/users.js';
import { userIdFrom } from './path-ids.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await getAdminUserDetail(ctx, userIdFrom(pathParameters))));
