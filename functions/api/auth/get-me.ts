import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getMe } from '../../services/auth/get-me.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getMe({ ctx })));
