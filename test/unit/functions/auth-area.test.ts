import { describe, expect, it, vi } from 'vitest';
import { handler as authArea } from '../../../functions/api/auth/index.js';
import { TEXT } from '../../../shared/texts.js';
import { bodyOf, sampleEvent, withoutClaims } from './sample-events.js';

// The handler chain reads the caller's profile (functions/http/caller.ts): an active, verified one here.
// The per-IP limits of the area entry (functions/http/ip-limits.ts) have room here.
vi.mock('../../../functions/repositories/workspace-repository.js', () => import('./own-workspace-access.js'));
vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn(async () => true) }));

vi.mock('../../../functions/repositories/user-repository.js', async (importOriginal) => {
  const { profile } = await import('./profile-fixture.js');
  return {
    ...(await importOriginal<typeof import('../../../functions/repositories/user-repository.js')>()),
    getUserProfile: vi.fn(async (id: string) => profile({ id })),
  };
});

/** The new auth routes through the area entry: input is refused before any storage or Cognito call. */
describe('auth area entry with the sample events', () => {
  it.each([
    ['resend-verification', '{"email":"not-an-email"}', 'Please enter a valid email address'],
    ['forgot-password', '{}', 'Email is required'],
    ['reset-password', '{"new_password":"long enough"}', TEXT.missingResetToken],
    ['reset-password', '{"token":"t","new_password":"short"}', TEXT.passwordTooShort],
    ['change-password', '{"current_password":"x","new_password":"short"}', TEXT.newPasswordTooShort],
  ])('%s answers 400 with the field problem for %s', async (name, body, detail) => {
    const result = await authArea(sampleEvent(name, { body }));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ code: 'VALIDATION_FAILED', detail });
  });

  it.each(['change-password', 'delete-account'])('%s answers 401 without the caller claims', async (name) => {
    const result = await authArea(withoutClaims(sampleEvent(name)));
    expect(result.statusCode).toBe(401);
    expect(bodyOf(result)).toEqual({ detail: 'Not authenticated', code: 'UNAUTHORIZED' });
  });
});
