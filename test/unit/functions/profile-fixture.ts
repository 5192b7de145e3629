import type { CallerContext } from '../../../functions/services/context.js';
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

/** A caller the handler chain has let in (functions/http/caller.ts), with its profile, acting as the owner of its own workspace. */
export const caller = (fields: Partial<UserProfile> = {}): CallerContext => {
  const own = profile(fields);
  return { userId: own.id, isAdmin: false, profile: own, workspaceId: own.id, role: 'owner', account: own, clientIp: '203.0.113.7' };
};
