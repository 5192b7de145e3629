import { ENTITY, INVITATION_PREFIX, invitationKey, invitationTokenKey, workspaceKey, workspacePartition } from '../../shared/table/keys.js';
import type { InvitableRole } from '../../shared/workspaces/members.js';
import type { WorkspaceRole } from '../../shared/workspaces/roles.js';
import { cancellationReasons, conditionFailedAt } from './dynamo-errors.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { memberItem, membershipItem } from './workspace-items.js';

/**
 * Invitations to a workspace (patterns 67-69; docs/teams.md "Members and invitations"). A pending
 * invitation is an item in the workspace's partition (the list, the seats) and a link item under the
 * SHA-256 of its token (the accept page). Accepting or revoking removes the first and marks the
 * second, so a dead link can still say why it is dead until the table's TTL clears it.
 */

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface StoredInvitation {
  id: string;
  workspace_id: string;
  email: string;
  role: InvitableRole;
  invited_by_id: string;
  invited_by_name: string;
  created_at: string;
  /** Epoch seconds. */
  expires_at: number;
  token_hash: string;
}

export interface InvitationLink extends StoredInvitation {
  status: InvitationStatus;
}

/** A dead link is kept this long after its expiry so a late click reads "already accepted" or "revoked". */
const LINK_KEPT_AFTER_EXPIRY_SECONDS = 30 * 24 * 60 * 60;

const fields = (invitation: StoredInvitation) => ({
  invitation_id: invitation.id,
  workspace_id: invitation.workspace_id,
  email: invitation.email,
  role: invitation.role,
  invited_by_id: invitation.invited_by_id,
  invited_by_name: invitation.invited_by_name,
  created_at: invitation.created_at,
});

const toStored = (item: Record<string, unknown>): StoredInvitation => ({
  id: String(item.invitation_id),
  workspace_id: String(item.workspace_id),
  email: String(item.email),
  role: String(item.role) as InvitableRole,
  invited_by_id: String(item.invited_by_id),
  invited_by_name: String(item.invited_by_name),
  created_at: String(item.created_at),
  expires_at: Number(item.invitation_expires_at ?? item.expires_at),
  token_hash: String(item.token_hash),
});

/**
 * Stores a new invitation, its link and a bumped seat lock in one transaction. `seatVersion` is the
 * lock read with the seat count: when another invitation was created in between, the write is
 * refused ('busy') and the caller counts again, so two invitations can never take the last seat.
 */
export const createInvitation = async (invitation: StoredInvitation, seatVersion: number): Promise<'created' | 'busy'> => {
  try {
    await table.transact([
      {
        Update: {
          Key: workspaceKey(invitation.workspace_id),
          UpdateExpression: 'SET seat_version = :next',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(seat_version) OR seat_version = :seen)',
          ExpressionAttributeValues: { ':seen': seatVersion, ':next': seatVersion + 1 },
        },
      },
      {
        Put: {
          Item: {
            ...invitationKey(invitation.workspace_id, invitation.id),
            entity: ENTITY.workspaceInvitation,
            ...fields(invitation),
            token_hash: invitation.token_hash,
            expires_at: invitation.expires_at,
          },
        },
      },
      {
        Put: {
          Item: {
            ...invitationTokenKey(invitation.token_hash),
            entity: ENTITY.invitationToken,
            ...fields(invitation),
            token_hash: invitation.token_hash,
            status: 'pending',
            invitation_expires_at: invitation.expires_at,
            expires_at: invitation.expires_at + LINK_KEPT_AFTER_EXPIRY_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
    return 'created';
  } catch (error) {
    if (conditionFailedAt(error, 0) || cancellationReasons(error)?.includes('TransactionConflict')) return 'busy';
    throw error;
  }
};

/** The workspace's invitations not yet accepted or revoked, expired ones included (the caller filters). */
export const listInvitations = async (workspaceId: string): Promise<StoredInvitation[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': INVITATION_PREFIX },
    ConsistentRead: true,
  });
  return items.map(toStored).sort((a, b) => a.created_at.localeCompare(b.created_at));
};

/** The seat lock the next invitation must see unchanged (pattern 69). */
export const readSeatVersion = async (workspaceId: string): Promise<number> => {
  const { Item } = await table.get({ Key: workspaceKey(workspaceId), ProjectionExpression: 'seat_version', ConsistentRead: true });
  return Number(Item?.seat_version ?? 0);
};

/** The link item of a token hash, whatever its status; null when unknown (or cleared by TTL). */
export const findInvitationLink = async (tokenHash: string): Promise<InvitationLink | null> => {
  const { Item } = await table.get({ Key: invitationTokenKey(tokenHash), ConsistentRead: true });
  if (!Item) return null;
  return { ...toStored(Item), status: String(Item.status) as InvitationStatus };
};

/** Revokes a pending invitation: its item goes, its link reads "revoked". False when it was not pending. */
export const revokeInvitation = async (invitation: StoredInvitation): Promise<boolean> => {
  try {
    await table.transact([
      { Delete: { Key: invitationKey(invitation.workspace_id, invitation.id), ConditionExpression: 'attribute_exists(PK)' } },
      {
        Update: {
          Key: invitationTokenKey(invitation.token_hash),
          UpdateExpression: 'SET #status = :revoked',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':revoked': 'revoked', ':pending': 'pending' },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
};

export interface Joiner {
  id: string;
  email: string;
  name: string;
}

/**
 * Accepts an invitation in one transaction: the link turns from pending to accepted (so a second
 * use fails), the pending invitation goes, the member and membership items are written and the
 * workspace's member count grows, as long as it stays within `seats`. The result names what stopped it.
 */
export const acceptInvitation = async (
  link: InvitationLink,
  joiner: Joiner,
  workspaceName: string,
  seats: number,
  joinedAt: string,
): Promise<'joined' | 'not_pending' | 'already_member' | 'seats_full'> => {
  const role: WorkspaceRole = link.role;
  try {
    await table.transact([
      {
        Update: {
          Key: invitationTokenKey(link.token_hash),
          UpdateExpression: 'SET #status = :accepted, accepted_by = :user',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':accepted': 'accepted', ':pending': 'pending', ':user': joiner.id },
        },
      },
      { Delete: { Key: invitationKey(link.workspace_id, link.id) } },
      { Put: { Item: memberItem(link.workspace_id, joiner, role, joinedAt), ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { Item: membershipItem(joiner.id, link.workspace_id, workspaceName, role, joinedAt) } },
      {
        Update: {
          Key: workspaceKey(link.workspace_id),
          UpdateExpression: 'ADD member_count :one',
          ConditionExpression: 'attribute_exists(PK) AND member_count < :seats',
          ExpressionAttributeValues: { ':one': 1, ':seats': seats },
        },
      },
    ]);
    return 'joined';
  } catch (error) {
    if (conditionFailedAt(error, 0)) return 'not_pending';
    if (conditionFailedAt(error, 2)) return 'already_member';
    if (conditionFailedAt(error, 4)) return 'seats_full';
    throw error;
  }
};
