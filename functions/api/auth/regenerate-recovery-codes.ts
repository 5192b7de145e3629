import { TwoFactorCodeInput } from '../../../shared/auth/two-factor.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { regenerateRecoveryCodes } from '../../services/auth/two-factor.js';

export const handler = apiHandler(TwoFactorCodeInput, async ({ ctx, body }) => ok(await regenerateRecoveryCodes(ctx, body)));
