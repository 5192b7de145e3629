import { membershipKey, workspaceKey, workspaceMemberKey } from '../../shared/table/keys.js';
import type { WorkspaceRole } from '../../shared/workspaces/roles.js';
import { conditionFailedAt } from './dynamo-errors.js';
import * as table from './table-commands.js';
import type { TableTransactItem } from './table-commands.js';
import type { WorkspaceMember } from './workspace-repository.js';

/**
 * The writes that change who is in a workspace and with which role (patterns 63-65; docs/teams.md
 * "Members and invitations"). Each is one transaction over the member item, the person's membership
 * item and, when owners or members are counted differently after it, the workspace's record, whose
 * condition `owner_count > :n` keeps at least one owner however requests interleave.
 */

export type MemberWriteResult = 'done' | 'changed_meanwhile' | 'last_owner';

/** The member's role changes only if it is still `member.role` (read a moment ago). */
const setRole = (member: WorkspaceMember, role: WorkspaceRole): TableTransactItem[] => [
  {
    Update: {
      Key: workspaceMemberKey(member.workspace_id, member.user_id),
      UpdateExpression: 'SET #role = :role',
      ConditionExpression: '#role = :was',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role, ':was': member.role },
    },
  },
  {
    Update: {
      Key: membershipKey(member.user_id, member.workspace_id),
      UpdateExpression: 'SET #role = :role',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role },
    },
  },
];

/** The record's counters move by `owners` and `members`; fewer owners needs more than that many now. */
const countChange = (workspaceId: string, owners: number, members: number): TableTransactItem => ({
  Update: {
    Key: workspaceKey(workspaceId),
    UpdateExpression: 'ADD owner_count :owners, member_count :members',
    ConditionExpression: owners < 0 ? 'owner_count > :keep' : 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':owners': owners, ':members': members, ...(owners < 0 ? { ':keep': -owners } : {}) },
  },
});

const ownerDelta = (from: WorkspaceRole, to: WorkspaceRole): number => Number(to === 'owner') - Number(from === 'owner');

const run = async (items: TableTransactItem[], countIndex: number | null): Promise<MemberWriteResult> => {
  try {
    await table.transact(items);
    return 'done';
  } catch (error) {
    if (countIndex !== null && conditionFailedAt(error, countIndex)) return 'last_owner';
    if (items.some((_item, index) => conditionFailedAt(error, index))) return 'changed_meanwhile';
    throw error;
  }
};

/** Gives `member` the role `role`; the owner count follows when an owner is made or unmade. */
export const changeMemberRole = (member: WorkspaceMember, role: WorkspaceRole): Promise<MemberWriteResult> => {
  const owners = ownerDelta(member.role, role);
  const items = setRole(member, role);
  if (owners !== 0) items.push(countChange(member.workspace_id, owners, 0));
  return run(items, owners !== 0 ? 2 : null);
};

/** Takes `member` out of the workspace (removed, or leaving): both items go and the counts fall. */
export const removeMember = (member: WorkspaceMember): Promise<MemberWriteResult> =>
  run(
    [
      {
        Delete: {
          Key: workspaceMemberKey(member.workspace_id, member.user_id),
          ConditionExpression: '#role = :was',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':was': member.role },
        },
      },
      { Delete: { Key: membershipKey(member.user_id, member.workspace_id) } },
      countChange(member.workspace_id, member.role === 'owner' ? -1 : 0, -1),
    ],
    2,
  );

/**
 * Ownership transfer: `to` becomes an owner and `from` (the owner asking) an admin, in one
 * transaction. When `to` already was an owner, the workspace has one owner fewer afterwards.
 */
export const transferOwnership = (from: WorkspaceMember, to: WorkspaceMember): Promise<MemberWriteResult> => {
  const owners = ownerDelta(from.role, 'admin') + ownerDelta(to.role, 'owner');
  const items = [...setRole(from, 'admin'), ...(to.role === 'owner' ? [] : setRole(to, 'owner'))];
  items.push(countChange(from.workspace_id, owners, 0));
  return run(items, items.length - 1);
};

/** Renames the workspace's record; the memberships carry the name for the switcher (renameMemberships). */
export const renameWorkspaceRecord = async (workspaceId: string, name: string): Promise<void> => {
  await table.update({
    Key: workspaceKey(workspaceId),
    UpdateExpression: 'SET #name = :name',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: { ':name': name },
  });
};

/** Writes the new name onto each member's membership item (what the header's switcher lists). */
export const renameMemberships = async (workspaceId: string, userIds: readonly string[], name: string): Promise<void> => {
  await Promise.all(
    userIds.map((userId) =>
      table.update({
        Key: membershipKey(userId, workspaceId),
        UpdateExpression: 'SET workspace_name = :name',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':name': name },
      }).catch((error: unknown) => {
        // A member who left in the meantime has no membership to rename.
        if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
      }),
    ),
  );
};
