import type { User } from '../../../shared/auth/schemas.js';
import type { UserProfile } from '../../repositories/user-repository.js';

/** The user as the API shows it: the profile without its counters and flags, plus the admin bit. */
export const toUser = (profile: UserProfile, isAdmin: boolean): User => ({
  id: profile.id,
  name: profile.name,
  email: profile.email,
  created_at: profile.created_at,
  timezone: profile.timezone,
  subscription_tier: profile.subscription_tier,
  subscription_ends_at: profile.subscription_ends_at,
  email_verified: profile.email_verified,
  is_admin: isAdmin,
});
