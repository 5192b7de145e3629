import { AcknowledgeTokenInput } from '../../../shared/alerts/acknowledge.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { clientIpOf } from '../../http/client-address.js';
import { ok } from '../../http/responses.js';
import { acknowledgeByLink } from '../../services/incidents/acknowledge.js';

export const handler = publicApiHandler(AcknowledgeTokenInput, async ({ body, event }) =>
  ok(await acknowledgeByLink({ token: body.token, clientIp: clientIpOf(event) })),
);
