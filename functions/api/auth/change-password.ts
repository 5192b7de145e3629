import { ChangePasswordInput } from '../../../shared/auth/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { changePassword } from '../../services/auth/change-password.js';

export const handler = apiHandler(ChangePasswordInput, async ({ ctx, body }) => ok(await changePassword({ ctx, input: body })));
