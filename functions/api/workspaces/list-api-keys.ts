import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listApiKeys } from '../../services/api-keys/list-api-keys.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listApiKeys({ ctx })));
