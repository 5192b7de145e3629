import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { checkHealth } from '../../services/public/check-health.js';

export const handler = publicApiHandler(null, async () => ok(await checkHealth()));
