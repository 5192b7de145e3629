import { readCallerAccess } from '../repositories/workspace-repository.js';

/** Workspace ids are Cognito subs (UUIDs), as the HTTP caller check requires. */
const WORKSPACE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** What a live connection is let in with: the workspace it watches, and the session its token belongs to. */
export interface LiveAccess {
  workspaceId: string;
  /** Signing this session out deletes the connection's row, so nothing more is pushed to it. */
  sessionId: string;
}

/**
 * The workspace a live-status connection watches (docs/live-status.md "Pushes"): the one its
 * `$connect` names (`?workspace=`), when the person is a member of it and it is not closing; else
 * null and the connection is refused. Without a name, the person's own workspace, as an HTTP call
 * without `X-Workspace-Id`. The same check as the HTTP API's (functions/http/caller.ts), in the same
 * strongly consistent read, so a removed member cannot open a socket on their old workspace, and a
 * token whose session was signed out (`tokenId`, its `jti`) cannot open one at all (docs/security.md
 * "Tokens and sessions").
 */
export const liveWorkspaceOf = async (
  userId: string,
  requested: string | undefined | null,
  tokenId: string | undefined,
): Promise<LiveAccess | null> => {
  const workspaceId = requested?.trim() || userId;
  if (!tokenId || !WORKSPACE_ID.test(workspaceId)) return null;
  const { profile, member, account, sessionId } = await readCallerAccess(userId, workspaceId, tokenId);
  if (!sessionId) return null;
  if (workspaceId === userId) return { workspaceId: userId, sessionId };
  if (!profile?.is_active || !member || !account || account.deletion_started_at) return null;
  return { workspaceId, sessionId };
};
