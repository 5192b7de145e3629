import { LoginInput } from '../../../shared/auth/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { clientIpOf } from '../../http/client-address.js';
import { requestHeader } from '../../http/request-header.js';
import { ok } from '../../http/responses.js';
import { logIn } from '../../services/auth/log-in.js';

export const handler = publicApiHandler(LoginInput, async ({ body, event }) =>
  ok(await logIn({ input: body, clientIp: clientIpOf(event), userAgent: requestHeader(event, 'user-agent') })));
