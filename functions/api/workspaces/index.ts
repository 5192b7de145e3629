import { areaHandler } from '../../http/area-handler.js';
import { handler as createApiKey } from './create-api-key.js';
import { handler as getCallingApiKey } from './get-calling-api-key.js';
import { handler as listApiKeys } from './list-api-keys.js';
import { handler as listWorkspaces } from './list-workspaces.js';
import { handler as revokeApiKey } from './revoke-api-key.js';

export const handler = areaHandler('workspaces', {
  listWorkspaces,
  listApiKeys,
  createApiKey,
  revokeApiKey,
  getCallingApiKey,
});
