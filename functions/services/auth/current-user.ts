import { getUserProfile, type UserProfile } from '../../repositories/user-repository.js';
import type { AuthContext } from '../context.js';
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
