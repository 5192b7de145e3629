import { describe, expect, it, vi } from 'vitest';
import { ROUTES, routeKey } from '../../../shared/api/routes.js';
import { handler as authArea } from '../../../functions/api/auth/index.js';
import { handler as monitorsArea } from '../../../functions/api/monitors/index.js';
import { apiHandler, type RouteHandler } from '../../../functions/http/api-handler.js';
import { enforceIpLimit } from '../../../functions/http/ip-limits.js';
import { areaHandler } from '../../../functions/http/area-handler.js';
import { ok } from '../../../functions/http/responses.js';
import { bodyOf, sampleEvent, sampleEventNames, withoutClaims } from './sample-events.js';

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

const fake = (name: string): RouteHandler => apiHandler(null, async () => ok({ route: name }));

describe('areaHandler', () => {
  const monitorRoutes = () => ({
    createMonitor: fake('createMonitor'),
    listMonitors: fake('listMonitors'),
    forceCheck: fake('forceCheck'),
    updateMonitor: fake('updateMonitor'),
    deleteMonitor: fake('deleteMonitor'),
    bulkUploadMonitors: fake('bulkUploadMonitors'),
    heartbeatPing: fake('heartbeatPing'),
    heartbeatPingGet: fake('heartbeatPingGet'),
    heartbeatFail: fake('heartbeatFail'),
    heartbeatFailGet: fake('heartbeatFailGet'),
    getBadgeLinks: fake('getBadgeLinks'),
    createBadgeLinks: fake('createBadgeLinks'),
    regenerateHeartbeatUrl: fake('regenerateHeartbeatUrl'),
  });
  const monitors = areaHandler('monitors', monitorRoutes(), enforceIpLimit);

  it('dispatches on event.routeKey to the route handler', async () => {
    expect(bodyOf(await monitors(sampleEvent('list-monitors')))).toEqual({ route: 'listMonitors' });
    expect(bodyOf(await monitors(sampleEvent('create-monitor')))).toEqual({ route: 'createMonitor' });
  });

  it('answers 404 {detail, code} for a routeKey the area does not serve', async () => {
    const result = await monitors(sampleEvent('list-monitors', { routeKey: 'PATCH /api/monitors/{id}' }));
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers 404 for a route of another area', async () => {
    const result = await monitors(sampleEvent('login'));
    expect(result.statusCode).toBe(404);
  });

  it('answers 401 without calling the handler when a signed-in route has no claims', async () => {
    const routeFn = vi.fn(async () => ok({ route: 'listMonitors' }));
    const area = areaHandler('monitors', { ...monitorRoutes(), listMonitors: apiHandler(null, routeFn) }, enforceIpLimit);
    const result = await area(withoutClaims(sampleEvent('list-monitors')));
    expect(result.statusCode).toBe(401);
    expect(routeFn).not.toHaveBeenCalled();
  });
});

describe('HEAD on the cached public pages', () => {
  // Every route of the area answers with its own name (a proxy, so routes added later need no line here).
  const answering = (name: string): RouteHandler =>
    ROUTES.find((route) => route.name === name)?.access === 'public' ? async () => ok({ route: name }) : fake(name);
  const everyRoute = new Proxy({}, { get: (_, name) => answering(String(name)) }) as never;
  const status = areaHandler('status', everyRoute, enforceIpLimit);
  const monitors = areaHandler('monitors', everyRoute, enforceIpLimit);

  it('runs a HEAD twin as its GET route and answers its status and headers without the body', async () => {
    const get = await status(withoutClaims(sampleEvent('list-monitors', { routeKey: 'GET /status/{slug}' })));
    const head = await status(withoutClaims(sampleEvent('list-monitors', { routeKey: 'HEAD /status/{slug}' })));
    expect(bodyOf(get)).toEqual({ route: 'renderStatusPage' });
    expect(head).toMatchObject({ statusCode: get.statusCode, headers: get.headers, body: '' });
  });

  it('answers 404 to a HEAD on a route that is no cached public read (a heartbeat GET ping records a ping)', async () => {
    const head = await monitors(withoutClaims(sampleEvent('list-monitors', { routeKey: 'HEAD /api/heartbeat/{token}' })));
    expect(head.statusCode).toBe(404);
  });
});

describe('area entries with the sample events', () => {
  it('every sample event names a route of the route table', () => {
    const keys = new Set(ROUTES.map(routeKey));
    for (const file of sampleEventNames('apigw')) {
      const event = sampleEvent(file);
      expect(keys.has(event.routeKey), file).toBe(true);
      expect(event.requestContext.routeKey, file).toBe(event.routeKey);
    }
  });

  it('the monitors entry refuses a malformed create-monitor body with 400 before touching storage', async () => {
    const result = await monitorsArea(sampleEvent('create-monitor', { body: '{"name":' }));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'The request body is not valid JSON' });
  });

  it('the monitors entry refuses a URL without http(s) with the product\'s text', async () => {
    const body = JSON.stringify({ name: 'Shop', url: 'ftp://example.com', check_interval: 300, timeout: 30 });
    const result = await monitorsArea(sampleEvent('create-monitor', { body }));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({
      errors: [{ field: 'url', message: 'Please enter a valid URL (including http:// or https://)' }],
    });
  });

  it('the auth entry refuses a short registration password with the product\'s text', async () => {
    const body = JSON.stringify({ name: 'Asha', email: 'asha@example.com', password: 'short' });
    const result = await authArea(sampleEvent('register', { body }));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ detail: 'Password must be at least 8 characters long' });
  });

  it('the auth entry answers 404 for an unknown route', async () => {
    const result = await authArea(sampleEvent('login', { routeKey: 'POST /api/auth/nope' }));
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
  });
});
