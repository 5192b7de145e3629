import { z } from 'zod';
import { plainName } from '../validation.js';
import { countOf } from '../texts.js';
import type { Tier } from '../tiers.js';
import { ROLE_LABELS, type WorkspaceRole } from './roles.js';

/**
 * Members and invitations of a workspace (docs/teams.md "Members and invitations"): what the
 * routes take and answer, and the texts the server and the screens share.
 */

/** An invitation link works this many days after it was sent. */
export const INVITATION_LIFETIME_DAYS = 7;

/** Invitations a workspace may send per hour (each mails an address someone typed). */
export const INVITATIONS_PER_HOUR = 20;

/** The roles an invitation may give: an owner is made by transferring ownership, never invited. */
export const INVITABLE_ROLES = ['viewer', 'member', 'admin'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const Role = z.enum(['viewer', 'member', 'admin', 'owner'], { error: 'Choose a role: Viewer, Member, Admin or Owner' });

export const CreateInvitationInput = z.object({
  email: Email,
  role: z.enum(INVITABLE_ROLES, { error: 'Choose a role: Viewer, Member or Admin' }),
});
export type CreateInvitationInput = z.infer<typeof CreateInvitationInput>;

export const UpdateMemberRoleInput = z.object({ role: Role });
export type UpdateMemberRoleInput = z.infer<typeof UpdateMemberRoleInput>;

export const TransferOwnershipInput = z.object({
  user_id: z.string({ error: 'Choose the member who becomes owner' }).trim().min(1, 'Choose the member who becomes owner').max(64),
});
export type TransferOwnershipInput = z.infer<typeof TransferOwnershipInput>;

export const RenameWorkspaceInput = z.object({
  name: plainName(z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long')),
});
export type RenameWorkspaceInput = z.infer<typeof RenameWorkspaceInput>;

export const InvitationTokenInput = z.object({
  token: z.string({ error: 'This invitation link is not valid.' }).trim().min(20, 'This invitation link is not valid.').max(200, 'This invitation link is not valid.'),
});
export type InvitationTokenInput = z.infer<typeof InvitationTokenInput>;

/** One member as the members list shows them. */
export interface MemberView {
  user_id: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joined_at: string;
  /** The account that founded the workspace: it cannot leave or be removed (docs/teams.md "Storage"). */
  is_founder: boolean;
}

/** One pending invitation. */
export interface InvitationView {
  id: string;
  email: string;
  role: InvitableRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
}

/** GET /api/workspaces/current/members: the members, the workspace's name and its seats. */
export interface MemberList {
  workspace: { id: string; name: string };
  members: MemberView[];
  seats: { total: number; used: number };
}

export interface InvitationList {
  invitations: InvitationView[];
}

/** What the accept page shows before anyone joins. */
export interface InvitationPreview {
  workspace_name: string;
  inviter_name: string;
  email: string;
  role: InvitableRole;
  expires_at: string;
}

/** The workspace just joined: the SPA switches to it. */
export interface AcceptedInvitation {
  workspace_id: string;
  workspace_name: string;
  role: WorkspaceRole;
}

export interface WorkspaceNameView {
  id: string;
  name: string;
}

/** Answers of the member changes: a sentence the screen shows. */
export interface MemberChangeResult {
  message: string;
}

/** The refusals, word for word on the server and the screens (docs/teams.md "Members and invitations"). */
export const MEMBER_TEXT = {
  noTeamSeats: (tier: Tier) => `Your ${tier.name} plan has no team seats. Upgrade to Business or Enterprise to invite people.`,
  seatsFull: (tier: Tier) =>
    `All ${countOf(tier.seats, 'team seat')} of your ${tier.name} plan are taken (members and pending invitations). Remove a member or revoke an invitation, or upgrade your plan.`,
  alreadyMember: (email: string) => `${email} is already a member of this workspace.`,
  alreadyInvited: (email: string) => `${email} already has a pending invitation. Revoke it to send a new one.`,
  tooManyInvitations: (wait: string) => `Too many invitations sent from this workspace. Please try again in ${wait}.`,
  lastOwner: 'A workspace needs at least one owner. Make another member owner first.',
  onlyOwnerManagesOwners: 'Only an owner can make someone an owner or change an owner\u2019s role.',
  founderStays:
    'This workspace belongs to your account, so you cannot leave it: its monitors and billing live there. To close it, delete your account.',
  founderCannotBeRemoved: 'The account that created this workspace cannot be removed from it.',
  useLeave: 'To remove yourself, use Leave workspace.',
  transferToSelf: 'Choose another member to become owner.',
  invalidLink: 'This invitation link is not valid. Ask for a new invitation.',
  usedLink: 'This invitation has already been accepted.',
  revokedLink: 'This invitation was revoked. Ask the workspace admin for a new one.',
  expiredLink: `This invitation has expired (links work for ${INVITATION_LIFETIME_DAYS} days). Ask the workspace admin for a new one.`,
  otherAddress: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  joined: (name: string) => `You joined ${name}.`,
  roleChanged: (name: string, role: WorkspaceRole) => `${name} is now ${ROLE_LABELS[role]}.`,
  removed: (name: string) => `${name} was removed from the workspace.`,
  left: (name: string) => `You left ${name}.`,
  transferred: (name: string) => `${name} is now an owner. You are an Admin.`,
  revoked: (email: string) => `The invitation for ${email} was revoked.`,
} as const;
