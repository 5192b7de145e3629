import { CreateApiKeyInput } from '../../../shared/workspaces/api-keys.js';
import { apiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { createApiKey } from '../../services/api-keys/create-api-key.js';

export const handler = apiHandler(CreateApiKeyInput, async ({ ctx, body }) => created(await createApiKey({ ctx, input: body })));
