import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { removeAccountManager } from '../../services/support/account-manager.js';
import { userIdFrom } from './path-ids.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await removeAccountManager(ctx, userIdFrom(pathParameters))));
