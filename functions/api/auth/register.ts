import { RegisterInput } from '../../../shared/auth/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { registerUser } from '../../services/auth/register-user.js';

export const handler = publicApiHandler(RegisterInput, async ({ body }) => created(await registerUser({ input: body })));
