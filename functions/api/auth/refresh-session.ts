import { RefreshSessionInput } from '../../../shared/auth/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { refreshSession } from '../../services/auth/refresh-session.js';

export const handler = publicApiHandler(RefreshSessionInput, async ({ body }) => ok(await refreshSession({ input: body })));
