import { ulid } from 'ulid';
import { AppError, notFound } from '../../../shared/errors.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import {
  INVITATION_LIFETIME_DAYS,
  INVITATIONS_PER_HOUR,
  MEMBER_TEXT,
  type CreateInvitationInput,
  type InvitationList,
  type InvitationView,
  type MemberChangeResult,
} from '../../../shared/workspaces/members.js';
import { config } from '../../config.js';
import {
  createInvitation as storeInvitation,
  listInvitations,
  readSeatVersion,
  revokeInvitation as markRevoked,
  type StoredInvitation,
} from '../../repositories/invitation-repository.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { listWorkspaceMembers, readCallerAccess } from '../../repositories/workspace-repository.js';
import { epochSeconds, hashToken, newOneTimeToken } from '../auth/one-time-token.js';
import type { CallerContext } from '../context.js';
import { enforceRateLimit } from '../rate-limit.js';
import { recordWorkspaceAudit } from './audit.js';
import { invitationEmail } from './invitation-email.js';
import { assertSeatFree, livePending, planOf } from './seats.js';

/** Invitations of a workspace (docs/teams.md "Members and invitations"). Admins call these; caller.ts checked the role. */

const INVITATION_RATE = { scope: 'workspace_invitation', limit: INVITATIONS_PER_HOUR, windowSeconds: 60 * 60 };

/** A lost race for the last seat is retried this many times before the caller is asked to try again. */
const SEAT_ATTEMPTS = 3;

export const toInvitationView = (invitation: StoredInvitation): InvitationView => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  invited_by: invitation.invited_by_name,
  created_at: invitation.created_at,
  expires_at: new Date(invitation.expires_at * 1000).toISOString(),
});

/** The workspace's name, read from its record (the caller check read it, but the context keeps only the account). */
const workspaceNameOf = async (ctx: CallerContext): Promise<string> =>
  (await readCallerAccess(ctx.userId, ctx.workspaceId)).workspace?.name ?? 'your workspace';

/**
 * POST /api/workspaces/current/invitations: invites an address with a role. Refused when the plan
 * has no team seats or they are all taken (members and live invitations), when the address is a
 * member already or has a pending invitation, and past 20 invitations an hour per workspace. The
 * invitation is stored (token hashed), then mailed; a failed mail removes it again.
 */
export const createInvitation = async ({ ctx, input }: { ctx: CallerContext; input: CreateInvitationInput }): Promise<InvitationView> => {
  const email = normalizeEmail(input.email);
  const tier = planOf(ctx.account);
  assertSeatFree(tier, 1);
  const now = new Date();
  for (let attempt = 1; ; attempt++) {
    const seatVersion = await readSeatVersion(ctx.workspaceId);
    const [members, invitations] = await Promise.all([listWorkspaceMembers(ctx.workspaceId), listInvitations(ctx.workspaceId)]);
    const pending = livePending(invitations, epochSeconds(now));
    if (members.some((member) => normalizeEmail(member.email) === email)) throw new AppError('ALREADY_MEMBER', MEMBER_TEXT.alreadyMember(email));
    if (pending.some((invitation) => invitation.email === email)) throw new AppError('CONFLICT', MEMBER_TEXT.alreadyInvited(email));
    assertSeatFree(tier, members.length + pending.length);
    if (attempt === 1) await enforceRateLimit(INVITATION_RATE, ctx.workspaceId, now, MEMBER_TEXT.tooManyInvitations);

    const token = newOneTimeToken();
    const invitation: StoredInvitation = {
      id: ulid(now.getTime()),
      workspace_id: ctx.workspaceId,
      email,
      role: input.role,
      invited_by_id: ctx.userId,
      invited_by_name: ctx.profile.name,
      created_at: now.toISOString(),
      expires_at: epochSeconds(now) + INVITATION_LIFETIME_DAYS * 24 * 60 * 60,
      token_hash: hashToken(token),
    };
    if ((await storeInvitation(invitation, seatVersion)) === 'busy') {
      if (attempt < SEAT_ATTEMPTS) continue;
      throw new AppError('CONFLICT', 'Another invitation was being sent at the same moment. Please try again.');
    }
    const workspaceName = await workspaceNameOf(ctx);
    try {
      await sendEmail(invitationEmail({ appUrl: config().appUrl, to: email, inviterName: ctx.profile.name, workspaceName, role: input.role, token }));
    } catch (error) {
      await markRevoked(invitation);
      throw error;
    }
    await recordWorkspaceAudit(ctx, {
      action: 'member.invited',
      targetType: 'invitation',
      targetId: invitation.id,
      targetLabel: email,
      details: { role: input.role },
    }, now);
    return toInvitationView(invitation);
  }
};

/** GET /api/workspaces/current/invitations: the pending invitations that still work, oldest first. */
export const listPendingInvitations = async ({ ctx }: { ctx: CallerContext }): Promise<InvitationList> => {
  const invitations = livePending(await listInvitations(ctx.workspaceId), epochSeconds());
  return { invitations: invitations.map(toInvitationView) };
};

/** DELETE /api/workspaces/current/invitations/{id}: the link stops working at once and reads "revoked". */
export const revokeInvitation = async ({ ctx, invitationId }: { ctx: CallerContext; invitationId: string }): Promise<MemberChangeResult> => {
  const invitation = (await listInvitations(ctx.workspaceId)).find((candidate) => candidate.id === invitationId);
  if (!invitation || !(await markRevoked(invitation))) throw notFound('Invitation');
  await recordWorkspaceAudit(ctx, { action: 'invitation.revoked', targetType: 'invitation', targetId: invitation.id, targetLabel: invitation.email });
  return { message: MEMBER_TEXT.revoked(invitation.email) };
};
