import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, NETWORK_ERROR_DETAIL, serverFieldErrors } from '../../../frontend/src/lib/api-client';
import { json, loadTestConfig } from './client-fixtures';

describe('api client', () => {
  beforeAll(() => loadTestConfig('http://api.test/'));

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("turns an error response's detail and code into an ApiError", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(409, { detail: 'An account with this email already exists', code: 'EMAIL_TAKEN' })));
    const error = await api.post('/api/auth/register', { email: 'a@b.c' }, { auth: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', detail: 'An account with this email already exists' });
  });

  it("keeps a 400's field problems, the first per field, for the form to show under each field", async () => {
    const errors = [
      { field: 'config.webhook_url', message: 'webhook_url points to a private address' },
      { field: 'config.webhook_url', message: 'a second problem' },
      { field: 'name', message: 'name is required' },
      { nonsense: true },
    ];
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(400, { detail: 'Invalid input', code: 'VALIDATION_FAILED', errors })));
    const error = await api.post('/api/channels', {}, { auth: false }).catch((caught: unknown) => caught);
    expect(serverFieldErrors(error)).toEqual({ 'config.webhook_url': 'webhook_url points to a private address', name: 'name is required' });
    expect(serverFieldErrors(new Error('not from the API'))).toEqual({});
  });

  it('reports a network failure as an ApiError with the network text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    const error = await api.get('/api/health', { auth: false }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, detail: NETWORK_ERROR_DETAIL });
  });

  it('sends JSON to the configured API origin with the query string', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/auth/verify-email', undefined, { auth: false, query: { token: 'a b', empty: '' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/auth/verify-email?token=a+b');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
  });

  it("shows the server's detail when there is one, else the screen's fallback", () => {
    expect(errorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password'), 'Login failed')).toBe('Incorrect email or password');
    expect(errorMessage(new ApiError(502, null, null), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new Error('boom'), 'Registration failed')).toBe('Registration failed');
  });
});
