import { AppError } from '../../../shared/errors.js';
import { maskedKey, type CallingApiKey } from '../../../shared/workspaces/api-keys.js';
import type { CallerContext } from '../context.js';

/**
 * `GET /api/v1/api-key`: which key made the request and the workspace it acts in, so a script can
 * check its setup (docs/api.md "Authentication"). Only an API key's request reaches it (access `key`).
 */
export const getCallingApiKey = ({ ctx }: { ctx: CallerContext }): CallingApiKey => {
  const key = ctx.apiKey;
  if (!key) throw new AppError('API_KEY_NOT_VALID', 'This call needs an API key.');
  return { id: key.id, name: key.name, prefix: maskedKey(key.prefix), scope: key.scope, expires_at: key.expires_at, workspace_id: ctx.workspaceId };
};
