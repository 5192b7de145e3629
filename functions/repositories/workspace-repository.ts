import { MEMBERSHIP_PREFIX, sessionTokenKey, userKey, WORKSPACE_MEMBER_PREFIX, workspaceKey, workspaceMemberKey, workspacePartition } from '../../shared/table/keys.js';
import { isWorkspaceRole, type WorkspaceRole } from '../../shared/workspaces/roles.js';
import { batchGetItems, itemKeyId } from './batch-get.js';
import { queryAll } from './query-all.js';
import { toUserProfile, type UserProfile } from './user-repository.js';

/**
 * Workspaces in the table (patterns 63-65; docs/teams.md "Storage"): the workspace's record, its
 * members with their roles, and each person's list of the workspaces they belong to. A workspace's
 * id is the user id of the account that founded it; its tier and counters are on that account's
 * profile (pattern 1), so the founder's account is the workspace's billing account.
 */

export interface WorkspaceRecord {
  id: string;
  name: string;
  created_at: string;
  member_count: number;
  owner_count: number;
}

export interface WorkspaceMember {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  email: string;
  name: string;
  joined_at: string;
}

export interface Membership {
  workspace_id: string;
  workspace_name: string;
  role: WorkspaceRole;
  joined_at: string;
}

const toRecord = (item: Record<string, unknown>): WorkspaceRecord => ({
  id: String(item.workspace_id),
  name: String(item.name),
  created_at: String(item.created_at),
  member_count: Number(item.member_count ?? 1),
  owner_count: Number(item.owner_count ?? 1),
});

const roleOf = (value: unknown): WorkspaceRole => (isWorkspaceRole(value) ? value : 'viewer');

export const toWorkspaceMember = (item: Record<string, unknown>): WorkspaceMember => ({
  workspace_id: String(item.workspace_id),
  user_id: String(item.user_id),
  role: roleOf(item.role),
  email: String(item.email),
  name: String(item.name),
  joined_at: String(item.joined_at),
});

const toMembership = (item: Record<string, unknown>): Membership => ({
  workspace_id: String(item.workspace_id),
  workspace_name: String(item.workspace_name),
  role: roleOf(item.role),
  joined_at: String(item.joined_at),
});

/** What the caller check reads in one round trip: the person, their membership, the workspace. */
export interface CallerAccessRead {
  profile: UserProfile | null;
  member: WorkspaceMember | null;
  /** The profile of the workspace's founding account: its tier and counters are the workspace's. */
  account: UserProfile | null;
  workspace: WorkspaceRecord | null;
  /**
   * The session the request's access token belongs to (keys.ts 77), when a token id was given; null
   * when that token's session was ended (docs/security.md "Tokens and sessions").
   */
  sessionId: string | null;
  /** That token passed an operator's second step (a flag on its row; docs/security.md "Two-factor sign-in"). */
  secondFactorPassed: boolean;
}

/**
 * The person's profile, their member item in `workspaceId`, the workspace's record and its account
 * profile, in one BatchGetItem (the caller check of every signed-in request, functions/http/caller.ts).
 * Strongly consistent reads are not available to BatchGetItem through the document client's
 * defaults, so it asks for them: a member removed a moment ago must be refused on the next request.
 */
export const readCallerAccess = async (userId: string, workspaceId: string, tokenId?: string): Promise<CallerAccessRead> => {
  const keys = [userKey(userId), workspaceMemberKey(workspaceId, userId), workspaceKey(workspaceId), userKey(workspaceId)];
  if (tokenId) keys.push(sessionTokenKey(userId, tokenId));
  const found = await batchGetItems(keys, undefined, { consistent: true });
  const at = (index: number) => found.get(itemKeyId(keys[index]!));
  const profileItem = at(0);
  const memberItemFound = at(1);
  const workspaceItem = at(2);
  const accountItem = at(3);
  return {
    profile: profileItem ? toUserProfile(profileItem) : null,
    member: memberItemFound ? toWorkspaceMember(memberItemFound) : null,
    workspace: workspaceItem ? toRecord(workspaceItem) : null,
    account: accountItem ? toUserProfile(accountItem) : null,
    sessionId: tokenId ? ((at(4)?.session_id as string | undefined) ?? null) : null,
    secondFactorPassed: tokenId ? at(4)?.second_factor_passed === true : false,
  };
};

/** The workspaces a person belongs to, oldest membership first (pattern 65). */
export const listMemberships = async (userId: string): Promise<Membership[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': MEMBERSHIP_PREFIX },
    ConsistentRead: true,
  });
  return items.map(toMembership).sort((a, b) => a.joined_at.localeCompare(b.joined_at));
};

/** A workspace's members, oldest first (pattern 64). */
export const listWorkspaceMembers = async (workspaceId: string): Promise<WorkspaceMember[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': WORKSPACE_MEMBER_PREFIX },
    ConsistentRead: true,
  });
  return items.map(toWorkspaceMember).sort((a, b) => a.joined_at.localeCompare(b.joined_at));
};
