import { DEFAULT_TIER } from '../../../shared/tiers.js';
import type { UserProfile } from '../../repositories/user-repository.js';

/** A new account's profile: the free tier, no monitors, no timezone chosen yet. */
export const newUserProfile = (opts: {
  userId: string;
  name: string;
  email: string;
  now: Date;
  emailVerified: boolean;
}): UserProfile => ({
  id: opts.userId,
  name: opts.name,
  email: opts.email,
  created_at: opts.now.toISOString(),
  timezone: null,
  subscription_tier: DEFAULT_TIER,
  subscription_ends_at: null,
  email_verified: opts.emailVerified,
  is_active: true,
  monitor_count: 0,
});
