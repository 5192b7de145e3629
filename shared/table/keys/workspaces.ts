import type { ItemKey } from '../keys.js';

/**
 * Keys of workspaces (patterns 63-68; docs/teams.md "Storage"). A workspace's items live in the
 * partition of the account that founded it, `USER#<workspace id>`, because the workspace id is its
 * founder's user id: every monitor, incident, page and payment written before workspaces existed is
 * already where its workspace reads it, so nothing had to move.
 */

/** The partition every workspace-owned item lives in. */
export const workspacePartition = (workspaceId: string): string => `USER#${workspaceId}`;

/** The workspace's own record: its name and its member and owner counts (pattern 63). */
export const workspaceKey = (workspaceId: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: 'WORKSPACE' });

/** One member of a workspace with their role (pattern 64; the members list: begins_with MEMBER#). */
export const workspaceMemberKey = (workspaceId: string, userId: string): ItemKey => ({
  PK: workspacePartition(workspaceId),
  SK: `MEMBER#${userId}`,
});

export const WORKSPACE_MEMBER_PREFIX = 'MEMBER#';

/** One workspace a person belongs to, in the person's partition (pattern 65; the switcher: begins_with MEMBERSHIP#). */
export const membershipKey = (userId: string, workspaceId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `MEMBERSHIP#${workspaceId}`,
});

export const MEMBERSHIP_PREFIX = 'MEMBERSHIP#';

/** One entry of a workspace's audit log (pattern 66; newest first: begins_with WS_AUDIT#; TTL a year). */
export const workspaceAuditKey = (workspaceId: string, entryId: string): ItemKey => ({
  PK: workspacePartition(workspaceId),
  SK: `WS_AUDIT#${entryId}`,
});

export const WORKSPACE_AUDIT_PREFIX = 'WS_AUDIT#';

/** One pending invitation of a workspace (pattern 67; the list: begins_with INVITE#). */
export const invitationKey = (workspaceId: string, invitationId: string): ItemKey => ({
  PK: workspacePartition(workspaceId),
  SK: `INVITE#${invitationId}`,
});

export const INVITATION_PREFIX = 'INVITE#';

/** An invitation link by the SHA-256 of its token (pattern 68): only the hash is stored. */
export const invitationTokenKey = (tokenHash: string): ItemKey => ({ PK: `WS_INVITE#${tokenHash}`, SK: 'WS_INVITE' });
