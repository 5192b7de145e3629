import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getRetention } from '../../services/insights/get-retention.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getRetention({ ctx })));
