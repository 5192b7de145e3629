import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { startTwoFactorSetup } from '../../services/auth/two-factor.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await startTwoFactorSetup(ctx)));
