import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getCallingApiKey } from '../../services/api-keys/get-calling-api-key.js';

/** `GET /api/v1/api-key`: which key is calling, and for which workspace (docs/api.md "Authentication"). */
export const v1GetApiKey = apiHandler(null, async ({ ctx }) => ok(getCallingApiKey({ ctx })));
