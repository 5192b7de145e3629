import { AppError } from '../../../shared/errors.js';
import { getUserProfile, type UserProfile } from '../../repositories/user-repository.js';
import type { AuthContext, CallerContext } from '../context.js';
import { sessionNoLongerValid } from './auth-errors.js';

/**
 * The caller's profile read again after a conditional write was refused because it changed (another
 * request moved the monitor count or the plan). This is not an access check: the handler chain has
 * already let the caller in with the profile it read (functions/http/caller.ts). If the account was
 * deleted in between, the session is over: 401.
 */
export const rereadCallerProfile = async (ctx: AuthContext): Promise<UserProfile> => {
  const profile = await getUserProfile(ctx.userId);
  if (!profile) throw sessionNoLongerValid();
  return profile;
};

/**
 * The workspace's account (its plan and monitor count; docs/teams.md "Storage") read again after a
 * conditional write was refused, as rereadCallerProfile does for the person. In the caller's own
 * workspace it is their profile; a workspace whose account is gone is closed: 404 as in caller.ts.
 */
export const rereadWorkspaceAccount = async (ctx: CallerContext): Promise<UserProfile> => {
  if (ctx.workspaceId === ctx.userId) return rereadCallerProfile(ctx);
  const account = await getUserProfile(ctx.workspaceId);
  if (!account) throw new AppError('WORKSPACE_NOT_FOUND', 'This workspace was not found, or you are no longer a member of it.');
  return account;
};
