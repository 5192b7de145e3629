import { DisableTwoFactorInput } from '../../../shared/auth/two-factor.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { disableTwoFactor } from '../../services/auth/two-factor.js';

export const handler = apiHandler(DisableTwoFactorInput, async ({ ctx, body }) => ok(await disableTwoFactor(ctx, body)));
