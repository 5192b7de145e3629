import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listMySessions } from '../../services/auth/sessions.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listMySessions(ctx)));
