import { AppError } from '../../../shared/errors.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { MEMBER_TEXT, type AcceptedInvitation, type InvitationPreview, type InvitationTokenInput } from '../../../shared/workspaces/members.js';
import { acceptInvitation as storeAcceptance, findInvitationLink, type InvitationLink } from '../../repositories/invitation-repository.js';
import { readCallerAccess } from '../../repositories/workspace-repository.js';
import { epochSeconds, hashToken } from '../auth/one-time-token.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from './audit.js';
import { planOf } from './seats.js';

/**
 * The accept page's two calls (docs/teams.md "Members and invitations"): what an invitation link
 * offers, for anyone holding it, and joining, for the signed-in person it was sent to.
 */

const unusable = (detail: string): AppError => new AppError('INVITATION_UNUSABLE', detail);

/** The link's pending invitation, or the refusal that says why it no longer works. */
const liveLink = async (token: string, now: Date): Promise<InvitationLink> => {
  const link = await findInvitationLink(hashToken(token));
  if (!link) throw unusable(MEMBER_TEXT.invalidLink);
  if (link.status === 'accepted') throw unusable(MEMBER_TEXT.usedLink);
  if (link.status === 'revoked') throw unusable(MEMBER_TEXT.revokedLink);
  if (link.expires_at <= epochSeconds(now)) throw unusable(MEMBER_TEXT.expiredLink);
  return link;
};

/** The workspace behind a link, as long as it still exists (a deleted workspace's links are dead). */
const workspaceOf = async (link: InvitationLink) => {
  const access = await readCallerAccess(link.invited_by_id, link.workspace_id);
  if (!access.workspace || !access.account || access.account.deletion_started_at) throw unusable(MEMBER_TEXT.invalidLink);
  return { workspace: access.workspace, account: access.account };
};

/** POST /api/invitations/check (public): the workspace, inviter, address and role a live link offers. */
export const previewInvitation = async ({ input }: { input: InvitationTokenInput }): Promise<InvitationPreview> => {
  const link = await liveLink(input.token, new Date());
  const { workspace } = await workspaceOf(link);
  return {
    workspace_name: workspace.name,
    inviter_name: link.invited_by_name,
    email: link.email,
    role: link.role,
    expires_at: new Date(link.expires_at * 1000).toISOString(),
  };
};

/**
 * POST /api/invitations/accept (personal): the signed-in person joins the workspace with the
 * invitation's role. The link must be live and sent to their address; the member and membership
 * items, the member count and the link's new status are one transaction, so a link works once.
 */
export const acceptInvitation = async ({ ctx, input }: { ctx: CallerContext; input: InvitationTokenInput }): Promise<AcceptedInvitation> => {
  const now = new Date();
  const link = await liveLink(input.token, now);
  if (normalizeEmail(ctx.profile.email) !== link.email) throw new AppError('INVITATION_OTHER_ADDRESS', MEMBER_TEXT.otherAddress(link.email));
  const { workspace, account } = await workspaceOf(link);
  const tier = planOf(account);
  const outcome = await storeAcceptance(link, { id: ctx.userId, email: ctx.profile.email, name: ctx.profile.name }, workspace.name, tier.seats, now.toISOString());
  if (outcome === 'not_pending') throw await liveLink(input.token, now).then(() => unusable(MEMBER_TEXT.usedLink), (error: unknown) => error);
  if (outcome === 'already_member') throw new AppError('ALREADY_MEMBER', `You are already a member of ${workspace.name}.`);
  if (outcome === 'seats_full') throw new AppError('SEAT_LIMIT_REACHED', MEMBER_TEXT.seatsFull(tier));
  await recordWorkspaceAudit(
    { ...ctx, workspaceId: link.workspace_id, role: link.role, account },
    { action: 'invitation.accepted', targetType: 'member', targetId: ctx.userId, targetLabel: ctx.profile.email, details: { role: link.role } },
    now,
  );
  return { workspace_id: link.workspace_id, workspace_name: workspace.name, role: link.role };
};
