import { ResetPasswordInput } from '../../../shared/auth/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { resetPassword } from '../../services/auth/reset-password.js';

export const handler = publicApiHandler(ResetPasswordInput, async ({ body }) => ok(await resetPassword({ input: body })));
