import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getCallingApiKey } from '../../services/api-keys/get-calling-api-key.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(getCallingApiKey({ ctx })));
