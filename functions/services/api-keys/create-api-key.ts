import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { AppError } from '../../../shared/errors.js';
import {
  API_KEY_CREATIONS_PER_HOUR,
  API_KEY_SECRET_PREFIX,
  API_KEY_VISIBLE_CHARS,
  apiKeysNeedPlanDetail,
  tierHasApiKeys,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '../../../shared/workspaces/api-keys.js';
import { putApiKey, type StoredApiKey } from '../../repositories/api-key-repository.js';
import type { CallerContext } from '../context.js';
import { enforceRateLimit } from '../rate-limit.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { apiKeyView } from './api-key-view.js';
import { secretSha256 } from './secret-hash.js';

const SECRET_BYTES = 32;

/** Key creation per workspace (docs/api.md "Authentication"): plenty for a team, a wall for a script gone wrong. */
const CREATION_LIMIT = { scope: 'api_key_create', limit: API_KEY_CREATIONS_PER_HOUR, windowSeconds: 60 * 60 };

/** A new secret: `uw_` and 32 random bytes in base64url (43 characters). */
export const newApiKeySecret = (): string => `${API_KEY_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;

/**
 * Creates an API key for the workspace (docs/api.md "Authentication"): Business and Enterprise only
 * (403 naming the plan), at most API_KEY_CREATIONS_PER_HOUR an hour per workspace, an expiry (when
 * given) in the future. Only the SHA-256 of the secret and its first characters are stored; the
 * secret is in this answer and nowhere else. Audited as `api_key.created`.
 */
export const createApiKey = async ({ ctx, input, now = new Date() }: { ctx: CallerContext; input: CreateApiKeyInput; now?: Date }): Promise<CreatedApiKey> => {
  if (!tierHasApiKeys(ctx.account.subscription_tier)) throw new AppError('PLAN_HAS_NO_API_ACCESS', apiKeysNeedPlanDetail(ctx.account.subscription_tier));
  if (input.expires_at && Date.parse(input.expires_at) <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The expiry date must be in the future', [{ field: 'expires_at', message: 'Pick a date in the future' }]);
  }
  await enforceRateLimit(CREATION_LIMIT, ctx.workspaceId, now, (wait) => `This workspace has created ${API_KEY_CREATIONS_PER_HOUR} API keys in the last hour. Try again in ${wait}.`);
  const secret = newApiKeySecret();
  const key: StoredApiKey = {
    id: ulid(now.getTime()),
    workspace_id: ctx.workspaceId,
    name: input.name,
    prefix: secret.slice(API_KEY_SECRET_PREFIX.length, API_KEY_SECRET_PREFIX.length + API_KEY_VISIBLE_CHARS),
    scope: input.scope,
    created_at: now.toISOString(),
    created_by: ctx.userId,
    created_by_label: ctx.actorLabel ?? (ctx.profile.name || ctx.profile.email),
    expires_at: input.expires_at,
    last_used_at: null,
    last_used_ip: null,
    revoked_at: null,
    secret_sha256: secretSha256(secret),
  };
  await putApiKey(key);
  await recordWorkspaceAudit(
    ctx,
    { action: 'api_key.created', targetType: 'api_key', targetId: key.id, targetLabel: key.name, details: { scope: key.scope, expires_at: key.expires_at } },
    now,
  );
  return { ...apiKeyView(key), key: secret };
};
