import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshTokens } from '../../../functions/repositories/identity-session-repository.js';
import { getUserProfile } from '../../../functions/repositories/user-repository.js';
import { refreshSession } from '../../../functions/services/auth/refresh-session.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/identity-session-repository.js', () => ({ refreshTokens: vi.fn() }));
vi.mock('../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn() }));

const accessToken = ['h', Buffer.from(JSON.stringify({ sub: 'user-1', iat: 10, exp: 3610 })).toString('base64url'), 's'].join('.');
const input = { refresh_token: 'refresh' };

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(refreshTokens).mockResolvedValue({ accessToken });
});

describe('refreshSession', () => {
  it('renews the access token of a live, verified account', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    await expect(refreshSession({ input })).resolves.toEqual({ access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
  });

  it.each([
    ['gone', null],
    ['deactivated', profile({ is_active: false })],
    ['unverified', profile({ email_verified: false })],
  ])('answers 401 for an account that is %s', async (_case, found) => {
    vi.mocked(getUserProfile).mockResolvedValue(found);
    await expect(refreshSession({ input })).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
