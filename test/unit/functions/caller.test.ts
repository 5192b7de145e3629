import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as accountArea } from '../../../functions/api/account/index.js';
import { handler as authArea } from '../../../functions/api/auth/index.js';
import { handler as insightsArea } from '../../../functions/api/insights/index.js';
import { handler as monitorsArea } from '../../../functions/api/monitors/index.js';
import { handler as statusArea } from '../../../functions/api/status/index.js';
import { publicApiHandler, type RouteHandler } from '../../../functions/http/api-handler.js';
import { areaHandler, type AreaHandler } from '../../../functions/http/area-handler.js';
import { ok, type ApiEvent } from '../../../functions/http/responses.js';
import { getUserProfile } from '../../../functions/repositories/user-repository.js';
import { ROUTES, routeKey, type Area } from '../../../shared/api/routes.js';
import { profile } from './profile-fixture.js';
import { bodyOf, sampleEvent } from './sample-events.js';

// The per-IP limits of the area entry (functions/http/ip-limits.ts) have room here.
vi.mock('../../../functions/repositories/workspace-repository.js', () => import('./own-workspace-access.js'));
vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn(async () => true) }));

vi.mock('../../../functions/repositories/user-repository.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../functions/repositories/user-repository.js')>()),
  getUserProfile: vi.fn(),
}));

const SUB = '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41';

const AREA_ENTRIES: Partial<Record<Area, AreaHandler>> = {
  auth: authArea,
  monitors: monitorsArea,
  insights: insightsArea,
  account: accountArea,
  status: statusArea,
};

/** The signed-in sample event, re-aimed at `route` (the claims are an access token's). */
const eventFor = (route: (typeof ROUTES)[number], claims: Record<string, string> = {}): ApiEvent => {
  const base = sampleEvent('get-me');
  const path = route.path.replace('{id}', '01JC0000000000000000000000').replace('{kind}', 'monitors');
  return {
    ...base,
    routeKey: routeKey(route),
    rawPath: path,
    pathParameters: route.path.includes('{id}') ? { id: '01JC0000000000000000000000' } : route.path.includes('{kind}') ? { kind: 'monitors' } : undefined,
    requestContext: {
      ...base.requestContext,
      routeKey: routeKey(route),
      http: { ...base.requestContext.http, method: route.method, path },
      authorizer: { ...base.requestContext.authorizer, jwt: { claims: { ...base.requestContext.authorizer.jwt.claims, ...claims }, scopes: null } },
    },
  } as ApiEvent;
};

const signedInRoutes = ROUTES.filter((route) => route.access === 'user' && AREA_ENTRIES[route.area]);

beforeEach(() => vi.mocked(getUserProfile).mockReset());

describe('the handler chain lets a signed-in route in only for a live account', () => {
  it.each(signedInRoutes.map((route) => [route.name, route] as const))(
    '%s answers 401 once the account is deleted, before the service runs',
    async (_name, route) => {
      vi.mocked(getUserProfile).mockResolvedValue(null);
      const result = await AREA_ENTRIES[route.area]!(eventFor(route));
      expect(result.statusCode).toBe(401);
      expect(bodyOf(result)).toEqual({ detail: 'Session is no longer valid', code: 'UNAUTHORIZED' });
      expect(getUserProfile).toHaveBeenCalledTimes(1);
      expect(getUserProfile).toHaveBeenCalledWith(SUB);
    },
  );

  it.each(signedInRoutes.map((route) => [route.name, route] as const))(
    '%s answers 401 for a deactivated account',
    async (_name, route) => {
      vi.mocked(getUserProfile).mockResolvedValue(profile({ id: SUB, is_active: false }));
      const result = await AREA_ENTRIES[route.area]!(eventFor(route));
      expect(result.statusCode).toBe(401);
      expect(bodyOf(result)).toEqual({ detail: 'This account has been deactivated', code: 'UNAUTHORIZED' });
    },
  );

  it.each(signedInRoutes.map((route) => [route.name, route] as const))(
    '%s answers 401 for an address that was never verified',
    async (_name, route) => {
      vi.mocked(getUserProfile).mockResolvedValue(profile({ id: SUB, email_verified: false }));
      const result = await AREA_ENTRIES[route.area]!(eventFor(route));
      expect(result.statusCode).toBe(401);
      expect(bodyOf(result)).toMatchObject({ code: 'UNAUTHORIZED' });
    },
  );

  it.each(signedInRoutes.map((route) => [route.name, route] as const))(
    '%s answers 401 to an ID token (API Gateway lets those through) without reading the profile',
    async (_name, route) => {
      const result = await AREA_ENTRIES[route.area]!(eventFor(route, { token_use: 'id' }));
      expect(result.statusCode).toBe(401);
      expect(getUserProfile).not.toHaveBeenCalled();
    },
  );

  it('answers 401 to a token from a sign-in before the password was last changed or reset', async () => {
    const getMe = ROUTES.find((route) => route.name === 'getMe')!;
    // The sample token's sign-in (auth_time) is 1763780000.
    vi.mocked(getUserProfile).mockResolvedValue(profile({ id: SUB, password_changed_at: new Date(1763780001_000).toISOString() }));
    const before = await authArea(eventFor(getMe));
    expect(before.statusCode).toBe(401);
    expect(bodyOf(before)).toEqual({ detail: 'Your session has expired. Please log in again.', code: 'UNAUTHORIZED' });

    vi.mocked(getUserProfile).mockResolvedValue(profile({ id: SUB, password_changed_at: new Date(1763780000_000).toISOString() }));
    expect((await authArea(eventFor(getMe))).statusCode).toBe(200);
  });

  it('reads the profile once for a request that gets through', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile({ id: SUB }));
    const getMe = ROUTES.find((route) => route.name === 'getMe')!;
    const result = await authArea(eventFor(getMe));
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ email: 'asha@example.com' });
    expect(getUserProfile).toHaveBeenCalledTimes(1);
  });

  it('refuses, when the area loads, a signed-in route served by a public handler', () => {
    const open: RouteHandler = publicApiHandler(null, async () => ok({}));
    const signedIn = (name: string) => ({ [name]: open });
    expect(() =>
      areaHandler('insights', { ...signedIn('getDashboardStats'), ...signedIn('listIncidents'), ...signedIn('exportData'), ...signedIn('getMonitorDetails') } as never),
    ).toThrow(/getDashboardStats is user-only but its handler is not built with apiHandler/);
  });
});
