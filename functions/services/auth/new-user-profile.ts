import { DEFAULT_TIER } from '../../../shared/tiers.js';
import type { UserProfile } from '../../repositories/user-repository.js';

/**
 * A new account's profile: the free tier, no monitors, and the time zone the browser reported at
 * registration (null when it sent none or an unknown one: docs/product-rules.md "Auth flows and token lifetimes").
 */
export const newUserProfile = (opts: {
  userId: string;
  name: string;
  email: string;
  now: Date;
  emailVerified: boolean;
  timezone?: string | null;
}): UserProfile => ({
  id: opts.userId,
  name: opts.name,
  email: opts.email,
  created_at: opts.now.toISOString(),
  timezone: opts.timezone ?? null,
  subscription_tier: DEFAULT_TIER,
  subscription_ends_at: null,
  email_verified: opts.emailVerified,
  is_active: true,
  monitor_count: 0,
});
