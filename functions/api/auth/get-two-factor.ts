import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getTwoFactorStatus } from '../../services/auth/two-factor.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getTwoFactorStatus(ctx)));
