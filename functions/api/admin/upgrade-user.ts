import { AdminUpgradeUserInput } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { adminUpgradeUser } from '../../services/admin/edit-user.js';
import { userIdFrom } from './path-ids.js';

export const handler = apiHandler(AdminUpgradeUserInput, async ({ ctx, body, pathParameters }) =>
  ok(await adminUpgradeUser({ ctx, userId: userIdFrom(pathParameters), input: body })));
