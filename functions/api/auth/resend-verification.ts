import { ResendVerificationInput } from '../../../shared/auth/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { resendVerification } from '../../services/auth/resend-verification.js';

export const handler = publicApiHandler(ResendVerificationInput, async ({ body }) => ok(await resendVerification({ input: body })));
