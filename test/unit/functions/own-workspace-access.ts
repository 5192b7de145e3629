import type { CallerAccessRead } from '../../../functions/repositories/workspace-repository.js';
import { getUserProfile } from '../../../functions/repositories/user-repository.js';

/**
 * A stand-in for workspace-repository.ts's `readCallerAccess` in unit tests that mock
 * `getUserProfile`: the caller is the owner of their own workspace and a member of no other, and
 * their token's session is open.
 * Use: `vi.mock('<path>/workspace-repository.js', () => import('./own-workspace-access.js'))`.
 */
export const readCallerAccess = async (userId: string, workspaceId: string, tokenId?: string): Promise<CallerAccessRead> => {
  const profile = await getUserProfile(userId);
  const own = workspaceId === userId && profile !== null;
  return {
    profile,
    member: own
      ? { workspace_id: userId, user_id: userId, role: 'owner', email: profile.email, name: profile.name, joined_at: profile.created_at }
      : null,
    account: own ? profile : null,
    workspace: own
      ? { id: userId, name: `${profile.name}'s workspace`, created_at: profile.created_at, member_count: 1, owner_count: 1 }
      : null,
    sessionId: tokenId ? 'session-1' : null,
    secondFactorPassed: false,
  };
};
