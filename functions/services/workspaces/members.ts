import { AppError, notFound } from '../../../shared/errors.js';
import {
  MEMBER_TEXT,
  type MemberChangeResult,
  type MemberList,
  type MemberView,
  type RenameWorkspaceInput,
  type TransferOwnershipInput,
  type UpdateMemberRoleInput,
  type WorkspaceNameView,
} from '../../../shared/workspaces/members.js';
import { ROLE_LABELS } from '../../../shared/workspaces/roles.js';
import { listInvitations } from '../../repositories/invitation-repository.js';
import {
  changeMemberRole as storeRole,
  removeMember as storeRemoval,
  renameMemberships,
  renameWorkspaceRecord,
  transferOwnership as storeTransfer,
  type MemberWriteResult,
} from '../../repositories/member-writes.js';
import { listWorkspaceMembers, readCallerAccess, type WorkspaceMember } from '../../repositories/workspace-repository.js';
import { epochSeconds } from '../auth/one-time-token.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from './audit.js';
import { livePending, planOf } from './seats.js';

/**
 * Members of the workspace the request names (docs/teams.md "Members and invitations"): the list,
 * role changes, removal, leaving, ownership transfer and renaming. caller.ts checked the route's
 * role; the rules about owners are here: only an owner makes or unmakes an owner, a workspace
 * always keeps one (the record's owner count, in the same transaction), and the founding account
 * stays in the workspace its data lives in.
 */

const toView = (member: WorkspaceMember): MemberView => ({
  user_id: member.user_id,
  name: member.name,
  email: member.email,
  role: member.role,
  joined_at: member.joined_at,
  is_founder: member.user_id === member.workspace_id,
});

const memberOf = async (workspaceId: string, userId: string): Promise<WorkspaceMember> => {
  const member = (await readCallerAccess(userId, workspaceId)).member;
  if (!member) throw notFound('Member');
  return member;
};

/** Turns a refused write into its 409: the last owner, or a change someone else made a moment earlier. */
const settle = (result: MemberWriteResult): void => {
  if (result === 'last_owner') throw new AppError('LAST_OWNER', MEMBER_TEXT.lastOwner);
  if (result === 'changed_meanwhile') throw new AppError('CONFLICT', 'This member was changed a moment ago. Reload the page and try again.');
};

/** GET /api/workspaces/current/members: everyone in the workspace, its name and its seats. */
export const listMembers = async ({ ctx }: { ctx: CallerContext }): Promise<MemberList> => {
  const [access, members, invitations] = await Promise.all([
    readCallerAccess(ctx.userId, ctx.workspaceId),
    listWorkspaceMembers(ctx.workspaceId),
    listInvitations(ctx.workspaceId),
  ]);
  return {
    workspace: { id: ctx.workspaceId, name: access.workspace?.name ?? '' },
    members: members.map(toView),
    seats: { total: planOf(ctx.account).seats, used: members.length + livePending(invitations, epochSeconds()).length },
  };
};

/** PUT /api/workspaces/current/members/{id}: a new role; making or unmaking an owner needs an owner. */
export const changeMemberRole = async ({ ctx, userId, input }: { ctx: CallerContext; userId: string; input: UpdateMemberRoleInput }): Promise<MemberView> => {
  const member = await memberOf(ctx.workspaceId, userId);
  if ((member.role === 'owner' || input.role === 'owner') && ctx.role !== 'owner') throw new AppError('ROLE_NOT_ALLOWED', MEMBER_TEXT.onlyOwnerManagesOwners);
  if (member.role === input.role) return toView(member);
  settle(await storeRole(member, input.role));
  await recordWorkspaceAudit(ctx, {
    action: 'member.role_changed',
    targetType: 'member',
    targetId: member.user_id,
    targetLabel: member.email,
    details: { from: member.role, to: input.role },
  });
  return toView({ ...member, role: input.role });
};

/** DELETE /api/workspaces/current/members/{id}: their items go, so their next request is refused (caller.ts). */
export const removeMember = async ({ ctx, userId }: { ctx: CallerContext; userId: string }): Promise<MemberChangeResult> => {
  if (userId === ctx.userId) throw new AppError('CONFLICT', MEMBER_TEXT.useLeave);
  const member = await memberOf(ctx.workspaceId, userId);
  if (member.user_id === ctx.workspaceId) throw new AppError('CONFLICT', MEMBER_TEXT.founderCannotBeRemoved);
  if (member.role === 'owner' && ctx.role !== 'owner') throw new AppError('ROLE_NOT_ALLOWED', MEMBER_TEXT.onlyOwnerManagesOwners);
  settle(await storeRemoval(member));
  await recordWorkspaceAudit(ctx, { action: 'member.removed', targetType: 'member', targetId: member.user_id, targetLabel: member.email, details: { role: member.role } });
  return { message: MEMBER_TEXT.removed(member.name) };
};

/** POST /api/workspaces/current/leave: any member but the founding account, and never the last owner. */
export const leaveWorkspace = async ({ ctx }: { ctx: CallerContext }): Promise<MemberChangeResult> => {
  if (ctx.workspaceId === ctx.userId) throw new AppError('CONFLICT', MEMBER_TEXT.founderStays);
  const [member, access] = await Promise.all([memberOf(ctx.workspaceId, ctx.userId), readCallerAccess(ctx.userId, ctx.workspaceId)]);
  settle(await storeRemoval(member));
  await recordWorkspaceAudit(ctx, { action: 'member.left', targetType: 'member', targetId: member.user_id, targetLabel: member.email, details: { role: member.role } });
  return { message: MEMBER_TEXT.left(access.workspace?.name ?? 'the workspace') };
};

/**
 * POST /api/workspaces/current/transfer-ownership: the member named becomes an owner and the caller
 * an admin (as GitHub and OpenStatus do), in one transaction.
 */
export const transferOwnership = async ({ ctx, input }: { ctx: CallerContext; input: TransferOwnershipInput }): Promise<MemberChangeResult> => {
  if (input.user_id === ctx.userId) throw new AppError('VALIDATION_FAILED', MEMBER_TEXT.transferToSelf);
  const [from, to] = await Promise.all([memberOf(ctx.workspaceId, ctx.userId), memberOf(ctx.workspaceId, input.user_id)]);
  settle(await storeTransfer(from, to));
  await recordWorkspaceAudit(ctx, {
    action: 'ownership.transferred',
    targetType: 'member',
    targetId: to.user_id,
    targetLabel: to.email,
    details: { new_owner: to.email, former_owner_role: ROLE_LABELS.admin },
  });
  return { message: MEMBER_TEXT.transferred(to.name) };
};

/** PUT /api/workspaces/current: a new name, on the record and on every member's switcher entry. */
export const renameWorkspace = async ({ ctx, input }: { ctx: CallerContext; input: RenameWorkspaceInput }): Promise<WorkspaceNameView> => {
  await renameWorkspaceRecord(ctx.workspaceId, input.name);
  const members = await listWorkspaceMembers(ctx.workspaceId);
  await renameMemberships(ctx.workspaceId, members.map((member) => member.user_id), input.name);
  await recordWorkspaceAudit(ctx, { action: 'workspace.renamed', targetType: 'workspace', targetId: ctx.workspaceId, targetLabel: input.name });
  return { id: ctx.workspaceId, name: input.name };
};
