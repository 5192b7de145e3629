import { ChangePasswordInput } from '../../../shared/auth/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { clientIpOf } from '../../http/client-address.js';
import { requestHeader } from '../../http/request-header.js';
import { ok } from '../../http/responses.js';
import { changePassword } from '../../services/auth/change-password.js';

export const handler = apiHandler(ChangePasswordInput, async ({ ctx, body, event }) =>
  ok(await changePassword({ ctx, input: body, clientIp: clientIpOf(event), userAgent: requestHeader(event, 'user-agent') })));
