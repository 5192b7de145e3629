import { ForgotPasswordInput } from '../../../shared/auth/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { forgotPassword } from '../../services/auth/forgot-password.js';

export const handler = publicApiHandler(ForgotPasswordInput, async ({ body }) => ok(await forgotPassword({ input: body })));
