import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { signOutAllSessions } from '../../services/auth/sessions.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await signOutAllSessions(ctx)));
