import { tierHasApiKeys, type ApiKeyList } from '../../../shared/workspaces/api-keys.js';
import { listApiKeys as listStoredApiKeys } from '../../repositories/api-key-repository.js';
import type { CallerContext } from '../context.js';
import { apiKeyView } from './api-key-view.js';

/**
 * The workspace's API keys, newest first, revoked ones included (marked), and whether its plan
 * includes API keys (docs/api.md "Authentication"): a workspace that dropped below Business still
 * sees the keys it made, which work again after an upgrade.
 */
export const listApiKeys = async ({ ctx }: { ctx: CallerContext }): Promise<ApiKeyList> => ({
  keys: (await listStoredApiKeys(ctx.workspaceId)).map(apiKeyView),
  plan_allows_keys: tierHasApiKeys(ctx.account.subscription_tier),
});
