import { AcknowledgeTokenQuery } from '../../../shared/alerts/acknowledge.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { acknowledgementOfLink } from '../../services/incidents/acknowledge.js';

export const handler = publicApiHandler({ query: AcknowledgeTokenQuery }, async ({ query }) => ok(await acknowledgementOfLink({ token: query.token })));
