import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshTokens, revokeSessionQuietly } from '../../../functions/repositories/identity-session-repository.js';
import { deleteSession, findSessionByRefresh, renewSession, type SessionRecord } from '../../../functions/repositories/session-repository.js';
import { getUserProfile } from '../../../functions/repositories/user-repository.js';
import { refreshSession } from '../../../functions/services/auth/refresh-session.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/identity-session-repository.js', () => ({
  refreshTokens: vi.fn(),
  revokeSessionQuietly: vi.fn(),
  signOutEverywhere: vi.fn(),
}));
vi.mock('../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn() }));
vi.mock('../../../functions/repositories/session-repository.js', () => import('./session-repository-stub.js'));

const tokenOf = (claims: Record<string, unknown>): string =>
  ['h', Buffer.from(JSON.stringify({ sub: 'user-1', iat: 10, exp: 3610, jti: 'token-2', ...claims })).toString('base64url'), 's'].join('.');
const accessToken = tokenOf({});
const input = { refresh_token: 'refresh' };

const session = (overrides: Partial<SessionRecord> = {}): SessionRecord => ({
  userId: 'user-1',
  sessionId: '01JD0000000000000000000000',
  device: 'Chrome on macOS',
  ip: '203.0.113.7',
  signedInAt: new Date(Date.now() - 3600_000).toISOString(),
  lastSeenAt: new Date(Date.now() - 3600_000).toISOString(),
  operator: false,
  refreshSha256: 'hash',
  tokenIds: { 'token-1': 3610 },
  liveConnections: {},
  version: 0,
  expiresAt: Math.floor(Date.now() / 1000) + 86400,
  ...overrides,
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(refreshTokens).mockResolvedValue({ accessToken });
  vi.mocked(findSessionByRefresh).mockResolvedValue(session());
  vi.mocked(renewSession).mockResolvedValue(true);
});

describe('refreshSession', () => {
  it('renews the access token of a live, verified account, and adds it to the session', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    await expect(refreshSession({ input })).resolves.toEqual({ access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
    expect(vi.mocked(renewSession).mock.calls[0]?.[1]).toEqual({ id: 'token-2', expiresAt: 3610 });
  });

  it.each([
    ['gone', null],
    ['deactivated', profile({ is_active: false })],
    ['unverified', profile({ email_verified: false })],
  ])('answers 401 for an account that is %s', async (_case, found) => {
    vi.mocked(getUserProfile).mockResolvedValue(found);
    await expect(refreshSession({ input })).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('answers 401 when the session of the refresh token was signed out, though Cognito renewed it', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    vi.mocked(findSessionByRefresh).mockResolvedValue(null);
    await expect(refreshSession({ input })).rejects.toMatchObject({ status: 401 });
    expect(renewSession).not.toHaveBeenCalled();
  });

  it('answers 401 when the session was ended while the token was being renewed', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    vi.mocked(renewSession).mockResolvedValue(false);
    await expect(refreshSession({ input })).rejects.toMatchObject({ status: 401 });
  });

  it("ends an operator's session 12 hours after sign-in and revokes its refresh token", async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    vi.mocked(refreshTokens).mockResolvedValue({ accessToken: tokenOf({ 'cognito:groups': ['admin'] }) });
    vi.mocked(findSessionByRefresh).mockResolvedValue(session({ operator: true, signedInAt: new Date(Date.now() - 12 * 3600_000 - 1000).toISOString() }));
    await expect(refreshSession({ input })).rejects.toMatchObject({ status: 401 });
    expect(deleteSession).toHaveBeenCalledWith('user-1', '01JD0000000000000000000000');
    expect(revokeSessionQuietly).toHaveBeenCalledWith('refresh');
    expect(renewSession).not.toHaveBeenCalled();
  });

  it('renews an operator within the 12 hours', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    vi.mocked(findSessionByRefresh).mockResolvedValue(session({ operator: true, signedInAt: new Date(Date.now() - 11 * 3600_000).toISOString() }));
    await expect(refreshSession({ input })).resolves.toMatchObject({ access_token: accessToken });
  });
});
