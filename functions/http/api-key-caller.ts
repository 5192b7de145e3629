import { AppError } from '../../shared/errors.js';
import type { Route } from '../../shared/api/routes.js';
import {
  API_KEY_SECRET_PATTERN,
  apiKeysNeedPlanDetail,
  maskedKey,
  SCOPE_ROLE,
  tierHasApiKeys,
} from '../../shared/workspaces/api-keys.js';
import { roleAllows, type WorkspaceRole } from '../../shared/workspaces/roles.js';
import { findApiKeyBySecretHash, recordApiKeyUse } from '../repositories/api-key-repository.js';
import { readCallerAccess } from '../repositories/workspace-repository.js';
import { logger } from '../observability/logger.js';
import { secretSha256 } from '../services/api-keys/secret-hash.js';
import type { CallerContext } from '../services/context.js';
import { clientIpOf } from './client-address.js';
import { countKeyRequest } from './key-rate-limit.js';
import { requestHeader } from './request-header.js';
import type { ApiEvent } from './responses.js';

const keyNotValid = (detail: string): AppError => new AppError('API_KEY_NOT_VALID', detail);

const NO_KEY = 'This call needs an API key, sent as "Authorization: Bearer uw_...". Create one in Settings -> API.';
const UNKNOWN_KEY = 'This API key is not valid: it was revoked, or it never existed.';

/** The secret of `Authorization: Bearer uw_...`, or a 401 saying what is wrong with the header. */
const secretOf = (event: ApiEvent): string => {
  const header = requestHeader(event, 'authorization')?.trim();
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw keyNotValid(NO_KEY);
  const secret = match[1]!;
  if (!API_KEY_SECRET_PATTERN.test(secret)) throw keyNotValid(UNKNOWN_KEY);
  return secret;
};

/** The 403 detail of a key whose scope is below the route's role; it names the scope. */
const scopeTooLowDetail = (required: WorkspaceRole): string =>
  required === 'owner'
    ? 'No API key may make this call; an owner must make it signed in.'
    : 'This API key is read only; this call changes something and needs a key with the write scope.';

/**
 * Lets a request made with an API key in (docs/api.md "Authentication"), for a route of access
 * `key`; called by `resolveCaller`, the one place callers are let in. The key is found by the
 * SHA-256 of its secret: unknown, revoked or expired is 401. The workspace it belongs to must be
 * live and on a plan with API access (else 403 naming the plan; the keys are kept, and work again
 * after an upgrade). The request is counted against the key's per-minute limit (429 beyond it),
 * the scope must reach the route's role (read is a viewer, write an admin, never an owner; else 403
 * naming the scope), and the key's last use is recorded at most once a minute. The caller is the
 * key's creator acting in the key's workspace with the scope's role, and the audit log names the key.
 */
export const resolveKeyCaller = async (event: ApiEvent, route: Route & { access: 'key' }, now = new Date()): Promise<CallerContext> => {
  const key = await findApiKeyBySecretHash(secretSha256(secretOf(event)));
  if (!key) throw keyNotValid(UNKNOWN_KEY);
  if (key.expires_at && Date.parse(key.expires_at) <= now.getTime()) {
    throw keyNotValid(`This API key expired on ${key.expires_at.slice(0, 10)}. Create a new one in Settings -> API.`);
  }
  const { profile, account } = await readCallerAccess(key.created_by, key.workspace_id);
  // A workspace whose account is gone or being erased has no keys any more.
  if (!account || account.deletion_started_at || !account.is_active) throw keyNotValid(UNKNOWN_KEY);
  if (!tierHasApiKeys(account.subscription_tier)) throw new AppError('PLAN_HAS_NO_API_ACCESS', apiKeysNeedPlanDetail(account.subscription_tier));
  await countKeyRequest(event, key.id, now);
  const role = SCOPE_ROLE[key.scope];
  if (!roleAllows(role, route.role)) throw new AppError('API_KEY_SCOPE_TOO_LOW', scopeTooLowDetail(route.role));
  const clientIp = clientIpOf(event);
  try {
    await recordApiKeyUse(key.workspace_id, key.id, now, clientIp);
  } catch (error) {
    // The last-used time is a convenience: a failed write must not refuse the request.
    logger.warn('Could not record an API key use', { keyId: key.id, error });
  }
  return {
    userId: key.created_by,
    isAdmin: false,
    // The key's maker may have left or deleted their account since; the key belongs to the workspace.
    profile: profile && !profile.deletion_started_at ? profile : account,
    workspaceId: key.workspace_id,
    role,
    account,
    clientIp,
    actorLabel: `API key ${key.name} (${maskedKey(key.prefix)})`,
    apiKey: { id: key.id, name: key.name, prefix: key.prefix, scope: key.scope, expires_at: key.expires_at },
  };
};
