import { AcknowledgeTokenInput } from '../../../shared/alerts/acknowledge.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { acknowledgeByLink } from '../../services/incidents/acknowledge.js';

export const handler = publicApiHandler(AcknowledgeTokenInput, async ({ body }) => ok(await acknowledgeByLink({ token: body.token })));
