import { AppError } from '../../../shared/errors.js';
import type { RevokedApiKey } from '../../../shared/workspaces/api-keys.js';
import { getApiKey, revokeStoredApiKey } from '../../repositories/api-key-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';

/**
 * Revokes one of the workspace's keys (docs/api.md "Authentication"): its lookup is deleted in the
 * same transaction that marks it, so the next request with it is a 401. Another workspace's key id
 * is a 404; revoking a revoked key answers its revocation again and records nothing. Audited as
 * `api_key.revoked`. Any plan may revoke, so a workspace that left Business can still clean up.
 */
export const revokeApiKey = async ({ ctx, keyId, now = new Date() }: { ctx: CallerContext; keyId: string; now?: Date }): Promise<RevokedApiKey> => {
  const key = await getApiKey(ctx.workspaceId, keyId);
  if (!key) throw new AppError('NOT_FOUND', 'This API key was not found in this workspace.');
  if (key.revoked_at) return { id: key.id, revoked_at: key.revoked_at };
  const revokedAt = now.toISOString();
  if (!(await revokeStoredApiKey(key, revokedAt))) {
    const again = await getApiKey(ctx.workspaceId, keyId);
    return { id: key.id, revoked_at: again?.revoked_at ?? revokedAt };
  }
  await recordWorkspaceAudit(ctx, { action: 'api_key.revoked', targetType: 'api_key', targetId: key.id, targetLabel: key.name }, now);
  return { id: key.id, revoked_at: revokedAt };
};
