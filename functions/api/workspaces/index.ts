import { areaHandler } from '../../http/area-handler.js';
import { enforceIpLimit } from '../../http/ip-limits.js';
import { handler as acceptInvitation } from './accept-invitation.js';
import { exportHandler as exportWorkspaceAuditLog, listHandler as listWorkspaceAuditLog } from './audit-log.js';
import { handler as checkInvitation } from './check-invitation.js';
import { handler as createApiKey } from './create-api-key.js';
import { handler as createInvitation } from './create-invitation.js';
import { handler as leaveWorkspace } from './leave-workspace.js';
import { handler as listApiKeys } from './list-api-keys.js';
import { handler as listInvitations } from './list-invitations.js';
import { handler as listMembers } from './list-members.js';
import { handler as listWorkspaces } from './list-workspaces.js';
import { handler as removeMember } from './remove-member.js';
import { handler as renameWorkspace } from './rename-workspace.js';
import { handler as revokeApiKey } from './revoke-api-key.js';
import { handler as revokeInvitation } from './revoke-invitation.js';
import { handler as transferOwnership } from './transfer-ownership.js';
import { handler as updateMemberRole } from './update-member-role.js';

export const handler = areaHandler(
  'workspaces',
  {
    listWorkspaces,
    renameWorkspace,
    listMembers,
    updateMemberRole,
    removeMember,
    leaveWorkspace,
    transferOwnership,
    createInvitation,
    listInvitations,
    revokeInvitation,
    checkInvitation,
    acceptInvitation,
    listWorkspaceAuditLog,
    exportWorkspaceAuditLog,
    listApiKeys,
    createApiKey,
    revokeApiKey,
  },
  enforceIpLimit,
);
