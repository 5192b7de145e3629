import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { deleteAccount } from '../../services/auth/delete-account.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await deleteAccount({ ctx })));
