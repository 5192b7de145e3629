import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { INVITATION_LIFETIME_DAYS } from '../../../shared/workspaces/members.js';
import { ROLE_LABELS, type WorkspaceRole } from '../../../shared/workspaces/roles.js';
import { brandedEmail } from '../email-layout.js';

/** The SPA page that shows and accepts an invitation (docs/teams.md "Members and invitations"). */
export const invitationLink = (appUrl: string, token: string): string => `${appUrl}/invitations/accept?token=${encodeURIComponent(token)}`;

/** The invitation mail, in the layout every Upwatch e-mail shares; it works with or without an account. */
export const invitationEmail = (opts: {
  appUrl: string;
  to: string;
  inviterName: string;
  workspaceName: string;
  role: WorkspaceRole;
  token: string;
}): OutgoingEmail =>
  brandedEmail({
    to: opts.to,
    subject: `${opts.inviterName} invited you to ${opts.workspaceName} on Upwatch`,
    heading: `Join ${opts.workspaceName} on Upwatch`,
    paragraphs: [
      'Hi,',
      `${opts.inviterName} invited you to join the workspace ${opts.workspaceName} on Upwatch as ${ROLE_LABELS[opts.role]}.`,
      'Open this link to accept. If you have no Upwatch account yet, you can create one with this address on the way.',
    ],
    action: { label: 'Accept invitation', url: invitationLink(opts.appUrl, opts.token) },
    footer: `The link works for ${INVITATION_LIFETIME_DAYS} days. If you did not expect this invitation, you can ignore this email.`,
  });
