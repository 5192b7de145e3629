import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getWorkspaceAccountManager } from '../../services/support/account-manager.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getWorkspaceAccountManager({ ctx })));
