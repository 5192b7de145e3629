import { TwoFactorCodeInput } from '../../../shared/auth/two-factor.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { confirmTwoFactorSetup } from '../../services/auth/two-factor.js';

export const handler = apiHandler(TwoFactorCodeInput, async ({ ctx, body }) =>
  ok(
    await confirmTwoFactorSetup(
      ctx,
      body,
      ctx.tokenId && ctx.tokenExpiresAtEpoch ? { tokenId: ctx.tokenId, expiresAtEpoch: ctx.tokenExpiresAtEpoch } : null,
    ),
  ));
