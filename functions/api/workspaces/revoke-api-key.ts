import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { revokeApiKey } from '../../services/api-keys/revoke-api-key.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await revokeApiKey({ ctx, keyId: pathParameters.id ?? '' })));
