import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedSessionTokenProvider } from '../../../frontend/src/lib/amplify-session';
import { SESSION_KEYS, storeSession } from '../../../frontend/src/lib/auth';
import { memoryStorage } from './client-fixtures';

// Access tokens only need a readable `exp` here: the provider decodes, it does not verify.
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (expiresInSeconds: number) =>
  `${b64({ alg: 'RS256' })}.${b64({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.signature`;

const stored = () => JSON.parse(localStorage.getItem(SESSION_KEYS.user) ?? 'null') as Record<string, string> | null;

describe('storedSessionTokenProvider', () => {
  const provider = storedSessionTokenProvider('user');
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has no tokens when nothing is stored', async () => {
    expect(await provider.getTokens()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('returns a stored, unexpired access token without calling the API', async () => {
    const access = token(3600);
    storeSession({ access_token: access, refresh_token: 'refresh-1' });
    const tokens = await provider.getTokens();
    expect(tokens?.accessToken.toString()).toBe(access);
    expect(tokens?.accessToken.payload.sub).toBe('user-1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes an expired access token once for concurrent callers and keeps the refresh token', async () => {
    const fresh = token(3600);
    storeSession({ access_token: token(-10), refresh_token: 'refresh-1' });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ access_token: fresh, expires_in: 3600, token_type: 'Bearer' })));

    const [first, second] = await Promise.all([provider.getTokens(), provider.getTokens()]);

    expect(first?.accessToken.toString()).toBe(fresh);
    expect(second?.accessToken.toString()).toBe(fresh);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/refresh');
    expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(stored()).toEqual({ access_token: fresh, refresh_token: 'refresh-1' });
  });

  it('refreshes a valid token when asked to force it', async () => {
    const fresh = token(3600);
    storeSession({ access_token: token(3600), refresh_token: 'refresh-1' });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ access_token: fresh })));
    expect((await provider.getTokens({ forceRefresh: true }))?.accessToken.toString()).toBe(fresh);
  });

  it('ends the session when the refresh token is refused', async () => {
    storeSession({ access_token: token(-10), refresh_token: 'revoked' });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ detail: 'Session expired', code: 'UNAUTHORIZED' }), { status: 401 }));
    expect(await provider.getTokens()).toBeNull();
    expect(stored()).toBeNull();
  });

  it('keeps the session but fails when the refresh cannot reach the API', async () => {
    storeSession({ access_token: token(-10), refresh_token: 'refresh-1' });
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(provider.getTokens()).rejects.toThrow('Network error. Please try again.');
    expect(stored()?.refresh_token).toBe('refresh-1');
  });
});
