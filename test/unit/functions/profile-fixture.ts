import type { UserProfile } from '../../../functions/repositories/user-repository.js';

export const profile = (fields: Partial<UserProfile> = {}): UserProfile => ({
  id: 'user-1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  timezone: null,
  subscription_tier: 'free',
  subscription_ends_at: null,
  email_verified: true,
  is_active: true,
  monitor_count: 0,
  ...fields,
});

/** A caller the handler chain has let in (functions/http/caller.ts), with its profile. */
export const caller = (fields: Partial<UserProfile> = {}) => ({ userId: 'user-1', isAdmin: false, profile: profile(fields) });
