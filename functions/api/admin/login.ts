import { AdminLoginInput } from '../../../shared/admin/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { clientIpOf } from '../../http/client-address.js';
import { requestHeader } from '../../http/request-header.js';
import { ok } from '../../http/responses.js';
import { adminLogIn } from '../../services/admin/admin-login.js';

export const handler = publicApiHandler(AdminLoginInput, async ({ body, event }) =>
  ok(await adminLogIn({ input: body, clientIp: clientIpOf(event), userAgent: requestHeader(event, 'user-agent') })));
