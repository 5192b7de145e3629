import { getUserProfile, type UserProfile } from '../../repositories/user-repository.js';
import type { AuthContext } from '../context.js';
import { accountDeactivated, sessionNoLongerValid } from './auth-errors.js';

/**
 * The caller's profile. A valid token whose profile is gone (account deleted) is a dead session:
 * 401, so the SPA drops the token. A deactivated account may do nothing: 403.
 */
export const requireActiveProfile = async (ctx: AuthContext): Promise<UserProfile> => {
  const profile = await getUserProfile(ctx.userId);
  if (!profile) throw sessionNoLongerValid();
  if (!profile.is_active) throw accountDeactivated();
  return profile;
};
