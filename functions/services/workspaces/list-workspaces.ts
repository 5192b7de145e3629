import type { WorkspaceList } from '../../../shared/workspaces/schemas.js';
import { userKey } from '../../../shared/table/keys.js';
import { batchGetItems, itemKeyId } from '../../repositories/batch-get.js';
import { listMemberships } from '../../repositories/workspace-repository.js';
import type { CallerContext } from '../context.js';

/**
 * The workspaces the caller belongs to, their own first, each with the caller's role and the
 * workspace's plan (read from each workspace's account profile in one BatchGetItem).
 */
export const listWorkspaces = async ({ ctx }: { ctx: CallerContext }): Promise<WorkspaceList> => {
  const memberships = await listMemberships(ctx.userId);
  const accounts = await batchGetItems(memberships.map((m) => userKey(m.workspace_id)), ['subscription_tier']);
  const workspaces = memberships
    .map((m) => ({
      id: m.workspace_id,
      name: m.workspace_name,
      role: m.role,
      tier: (accounts.get(itemKeyId(userKey(m.workspace_id)))?.subscription_tier ?? 'free') as WorkspaceList['workspaces'][number]['tier'],
      is_own: m.workspace_id === ctx.userId,
    }))
    .sort((a, b) => Number(b.is_own) - Number(a.is_own));
  return { workspaces, own_workspace_id: ctx.userId };
};
