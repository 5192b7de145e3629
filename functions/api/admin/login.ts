import { AdminLoginInput } from '../../../shared/admin/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { adminLogIn } from '../../services/admin/admin-login.js';

export const handler = publicApiHandler(AdminLoginInput, async ({ body }) => ok(await adminLogIn({ input: body })));
