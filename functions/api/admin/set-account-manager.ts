import { AccountManagerInput } from '../../../shared/support/account-manager.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { setAccountManager } from '../../services/support/account-manager.js';
import { userIdFrom } from './path-ids.js';

export const handler = apiHandler(AccountManagerInput, async ({ ctx, body, pathParameters }) =>
  ok(await setAccountManager(ctx, userIdFrom(pathParameters), body)));
