import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getAdminIdentity } from '../../services/admin/admin-login.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getAdminIdentity(ctx)));
