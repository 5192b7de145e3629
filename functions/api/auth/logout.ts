import { LogoutInput } from '../../../shared/auth/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { logOut } from '../../services/auth/sessions.js';

export const handler = apiHandler(LogoutInput, async ({ ctx, body }) => ok(await logOut(ctx, body.refresh_token)));
