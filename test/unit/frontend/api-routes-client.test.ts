import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, callApi, routeOfKey } from '../../../frontend/src/lib/api-client';
import { readAdminSession, storeAdminSession } from '../../../frontend/src/lib/auth';
import { isLiveKey } from '../../../frontend/src/lib/live';
import { json, memoryStorage, loadTestConfig } from './client-fixtures';

describe('the typed API client', () => {
  beforeAll(() => loadTestConfig('http://api.test'));

  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("builds a route's path from the table, its parameters URI-encoded", () => {
    expect(apiPath('listMonitors')).toBe('/api/monitors');
    expect(apiPath('getIncident', { id: 'a/b c' })).toBe('/api/incidents/a%2Fb%20c');
    expect(apiPath('adminUpgradeUser', { id: 'u1' })).toBe('/api/admin/users/u1/upgrade');
  });

  it("sends the route's method, path, query and body, with no token for a public route", async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, { message: 'ok', already_verified: false }));
    vi.stubGlobal('fetch', fetchMock);
    await callApi('verifyEmail', { query: { token: 'a b' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/auth/verify-email?token=a+b');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("sends the admin session's token to an admin route, and a 401 there ends that session", async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'admin-1', exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
    storeAdminSession({ access_token: token, email: 'ops@upwatch.test' });
    const fetchMock = vi.fn().mockResolvedValue(json(401, { detail: 'Session expired' }));
    vi.stubGlobal('fetch', fetchMock);
    const error = await callApi('adminUpdateUser', {
      params: { id: 'u1' },
      body: { name: 'A', email: 'a@b.c', subscription_tier: 'free', is_active: true, email_verified: true },
    }).catch((caught: unknown) => caught);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/admin/users/u1');
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(error).toMatchObject({ status: 401 });
    expect(readAdminSession()).toBeNull();
  });

  it('finds the GET route of an SWR key, which decides the live and the admin keys', () => {
    expect(routeOfKey([apiPath('listMonitors'), 1, 'all', ''])?.name).toBe('listMonitors');
    expect(routeOfKey(apiPath('adminGetUser', { id: 'u1' }))?.area).toBe('admin');
    expect(routeOfKey('/nowhere')).toBeNull();
    expect(isLiveKey(apiPath('getMonitorDetails', { id: 'm1' }))).toBe(true);
    expect(isLiveKey([apiPath('listIncidents'), 1, null, null])).toBe(true);
    expect(isLiveKey(apiPath('getSubscriptionLimits'))).toBe(true);
    expect(isLiveKey(apiPath('listChannels'))).toBe(true);
    expect(isLiveKey([apiPath('getMonitorTemplate'), 'free'])).toBe(false);
    expect(isLiveKey(apiPath('listTimezones'))).toBe(false);
  });
});
