import { membershipKey, workspaceKey, workspaceMemberKey, type ItemKey } from '../../shared/table/keys.js';
import { transact } from './table-commands.js';
import { listMemberships, listWorkspaceMembers } from './workspace-repository.js';

/**
 * What erasing an account does to workspaces (docs/teams.md "Storage", docs/security.md "Erasure"):
 * the person leaves every workspace they did not found, and the members of the workspace they
 * founded lose it from their switchers. Its member items go with the founder's partition.
 */

const makeOwner = (Key: ItemKey) => ({
  Update: { Key, UpdateExpression: 'SET #role = :owner', ExpressionAttributeNames: { '#role': 'role' }, ExpressionAttributeValues: { ':owner': 'owner' } },
});

/**
 * Takes the person out of each workspace founded by someone else: their member item, their
 * membership and the workspace's counts in one transaction per workspace. A workspace they were
 * the last owner of gets its founder back as owner, so a workspace always has one (the founder is
 * always a member of the workspace they founded: docs/teams.md "Roles").
 */
export const leaveOtherWorkspaces = async (userId: string): Promise<number> => {
  const others = (await listMemberships(userId)).filter((m) => m.workspace_id !== userId);
  for (const membership of others) {
    const workspaceId = membership.workspace_id;
    const wasOwner = membership.role === 'owner';
    const members = await listWorkspaceMembers(workspaceId);
    const founder = members.find((m) => m.user_id === workspaceId);
    const otherOwners = members.filter((m) => m.role === 'owner' && m.user_id !== userId).length;
    const promoteFounder = wasOwner && otherOwners === 0 && founder !== undefined;
    await transact([
      { Delete: { Key: workspaceMemberKey(workspaceId, userId) } },
      { Delete: { Key: membershipKey(userId, workspaceId) } },
      {
        Update: {
          Key: workspaceKey(workspaceId),
          UpdateExpression: 'ADD member_count :minusOne, owner_count :ownerDelta',
          ExpressionAttributeValues: { ':minusOne': -1, ':ownerDelta': wasOwner && !promoteFounder ? -1 : 0 },
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      ...(promoteFounder ? [makeOwner(workspaceMemberKey(workspaceId, workspaceId)), makeOwner(membershipKey(workspaceId, workspaceId))] : []),
    ]);
  }
  return others.length;
};

/** Removes the founded workspace from the switcher of each of its other members (their membership items). */
export const dropMembershipsOfFoundedWorkspace = async (founderId: string): Promise<number> => {
  const others = (await listWorkspaceMembers(founderId)).filter((m) => m.user_id !== founderId);
  for (const member of others) await transact([{ Delete: { Key: membershipKey(member.user_id, founderId) } }]);
  return others.length;
};
