import { ENTITY, membershipKey, workspaceKey, workspaceMemberKey } from '../../shared/table/keys.js';
import type { WorkspaceRole } from '../../shared/workspaces/roles.js';
import type { UserProfile } from './user-repository.js';

/**
 * The items of workspaces and memberships as written (patterns 63-65; docs/teams.md "Storage"),
 * apart from the reads in workspace-repository.ts so the registration transaction can hold them.
 */

/** The name a new workspace gets from its founder (they can rename it in Settings -> Members). */
export const defaultWorkspaceName = (founderName: string): string => `${founderName.trim() || 'My'}'s workspace`;

/** The member item of `user` in `workspaceId` with `role` (pattern 64). */
export const memberItem = (workspaceId: string, user: Pick<UserProfile, 'id' | 'email' | 'name'>, role: WorkspaceRole, joinedAt: string) => ({
  ...workspaceMemberKey(workspaceId, user.id),
  entity: ENTITY.workspaceMember,
  workspace_id: workspaceId,
  user_id: user.id,
  role,
  email: user.email,
  name: user.name,
  joined_at: joinedAt,
});

/** The person's side of a membership (pattern 65): what the workspace switcher lists. */
export const membershipItem = (userId: string, workspaceId: string, workspaceName: string, role: WorkspaceRole, joinedAt: string) => ({
  ...membershipKey(userId, workspaceId),
  entity: ENTITY.membership,
  workspace_id: workspaceId,
  workspace_name: workspaceName,
  role,
  joined_at: joinedAt,
});

/**
 * The three items that found a person's own workspace (record, owner member, membership): written
 * in the registration transaction, and by the workspace migration for accounts made before it
 * (functions/operations/migrate-workspaces.ts).
 */
export const foundingWorkspaceItems = (founder: Pick<UserProfile, 'id' | 'email' | 'name' | 'created_at'>) => {
  const name = defaultWorkspaceName(founder.name);
  return [
    {
      ...workspaceKey(founder.id),
      entity: ENTITY.workspace,
      workspace_id: founder.id,
      name,
      created_at: founder.created_at,
      member_count: 1,
      owner_count: 1,
    },
    memberItem(founder.id, founder, 'owner', founder.created_at),
    membershipItem(founder.id, founder.id, name, 'owner', founder.created_at),
  ];
};

