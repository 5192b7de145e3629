import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveCaller } from '../../../functions/http/caller.js';
import type { ApiEvent } from '../../../functions/http/responses.js';
import { readCallerAccess, type CallerAccessRead } from '../../../functions/repositories/workspace-repository.js';
import { ROUTES, routeKey } from '../../../shared/api/routes.js';
import { isAppError } from '../../../shared/errors.js';
import { roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '../../../shared/workspaces/roles.js';
import { profile } from './profile-fixture.js';
import { sampleEvent } from './sample-events.js';

vi.mock('../../../functions/repositories/workspace-repository.js', () => ({ readCallerAccess: vi.fn() }));
vi.mock('../../../functions/services/operations/record-application-error.js', () => ({ recordApplicationError: vi.fn() }));

const SUB = '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41';
const FOUNDER = '9a1d2c3b-0000-4000-8000-00000000f0d0';

const eventFor = (key: string, headers: Record<string, string> = {}): ApiEvent => {
  const base = sampleEvent('get-me');
  return { ...base, routeKey: key, headers: { ...base.headers, ...headers }, requestContext: { ...base.requestContext, routeKey: key } } as ApiEvent;
};

/** The caller as a member of the founder's workspace with `role` (or not a member: null). */
const memberOf = (role: WorkspaceRole | null): CallerAccessRead => ({
  profile: profile({ id: SUB }),
  member: role && { workspace_id: FOUNDER, user_id: SUB, role, email: 'asha@example.com', name: 'Asha Rao', joined_at: '2026-01-01T00:00:00.000Z' },
  account: profile({ id: FOUNDER, subscription_tier: 'business', email: 'founder@example.com' }),
  workspace: { id: FOUNDER, name: 'Founder’s workspace', created_at: '2026-01-01T00:00:00.000Z', member_count: 2, owner_count: 1 },
  sessionId: 'session-1',
  secondFactorPassed: false,
});

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { status: error.status, code: error.code, detail: error.detail };
    throw error;
  }
  return null;
};

const workspaceRoutes = ROUTES.filter((route) => route.access === 'user' && route.role !== 'personal');

beforeEach(() => vi.mocked(readCallerAccess).mockReset());

describe('the caller check enforces each route\'s declared role in the workspace the request names', () => {
  it.each(workspaceRoutes.map((route) => [route.name, route] as const))('%s: only roles at or above its own get in', async (_name, route) => {
    for (const role of WORKSPACE_ROLES) {
      vi.mocked(readCallerAccess).mockResolvedValue(memberOf(role));
      const outcome = await refusal(resolveCaller(eventFor(routeKey(route), { 'x-workspace-id': FOUNDER })));
      if (roleAllows(role, route.role as WorkspaceRole)) {
        expect(outcome, `${role} on ${route.name}`).toBeNull();
      } else {
        expect(outcome).toMatchObject({ status: 403, code: 'ROLE_NOT_ALLOWED' });
        expect(outcome?.detail).toMatch(/^Your role in this workspace is (Viewer|Member|Admin); this needs (Member|Admin|Owner) or higher\.$/);
      }
    }
  });

  it('acts in the named workspace with its account: the tier and counters are the workspace\'s, the person stays the caller', async () => {
    vi.mocked(readCallerAccess).mockResolvedValue(memberOf('member'));
    const ctx = await resolveCaller(eventFor('POST /api/monitors', { 'x-workspace-id': FOUNDER }));
    expect(readCallerAccess).toHaveBeenCalledWith(SUB, FOUNDER, expect.any(String));
    expect(ctx).toMatchObject({ userId: SUB, workspaceId: FOUNDER, role: 'member', account: { id: FOUNDER, subscription_tier: 'business' } });
  });

  it('refuses a workspace the caller is not (or no longer) a member of with 404, whatever the route', async () => {
    vi.mocked(readCallerAccess).mockResolvedValue(memberOf(null));
    expect(await refusal(resolveCaller(eventFor('GET /api/monitors', { 'x-workspace-id': FOUNDER })))).toEqual({
      status: 404,
      code: 'WORKSPACE_NOT_FOUND',
      detail: 'This workspace was not found, or you are no longer a member of it.',
    });
  });

  it('reads no table for a header that cannot be a workspace id', async () => {
    expect(await refusal(resolveCaller(eventFor('GET /api/monitors', { 'x-workspace-id': 'USER#x/../' })))).toMatchObject({ status: 404 });
    expect(readCallerAccess).not.toHaveBeenCalled();
  });

  it('acts in the caller\'s own workspace without the header, and a personal route ignores it', async () => {
    vi.mocked(readCallerAccess).mockResolvedValue({ ...memberOf('owner'), account: profile({ id: SUB }) });
    await resolveCaller(eventFor('GET /api/monitors'));
    expect(readCallerAccess).toHaveBeenLastCalledWith(SUB, SUB, expect.any(String));
    const personal = await resolveCaller(eventFor('POST /api/auth/change-password', { 'x-workspace-id': FOUNDER }));
    expect(readCallerAccess).toHaveBeenLastCalledWith(SUB, SUB, expect.any(String));
    expect(personal.workspaceId).toBe(SUB);
  });
});

describe('an admin route needs the second step recorded on the token\'s session row', () => {
  it('refuses a token whose row has no pass with 403 TWO_FACTOR_SETUP_REQUIRED, and lets one with the pass in', async () => {
    vi.mocked(readCallerAccess).mockResolvedValue(memberOf('owner'));
    expect(await refusal(resolveCaller(eventFor('GET /api/admin/me')))).toMatchObject({ status: 403, code: 'TWO_FACTOR_SETUP_REQUIRED' });
    vi.mocked(readCallerAccess).mockResolvedValue({ ...memberOf('owner'), secondFactorPassed: true });
    expect(await refusal(resolveCaller(eventFor('GET /api/admin/me')))).toBeNull();
  });
});
