import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revokeSessionQuietly, signInWithPassword } from '../../../functions/repositories/identity-session-repository.js';
import { takeSecondStep } from '../../../functions/services/auth/second-factor.js';
import { twoFactorCodeInvalid, twoFactorRequired } from '../../../functions/services/auth/auth-errors.js';
import { findUserProfileByEmail, getUserProfile } from '../../../functions/repositories/user-repository.js';
import { clearPasswordAttempts, takePasswordAttempt } from '../../../functions/services/auth/address-limits.js';
import { tooManyPasswordAttempts } from '../../../functions/services/auth/attempt-limits.js';
import { logIn } from '../../../functions/services/auth/log-in.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/identity-session-repository.js', () => ({ signInWithPassword: vi.fn(), revokeSessionQuietly: vi.fn() }));
vi.mock('../../../functions/services/auth/second-factor.js', () => ({ takeSecondStep: vi.fn() }));
vi.mock('../../../functions/repositories/session-repository.js', () => import('./session-repository-stub.js'));
vi.mock('../../../functions/services/admin/audit.js', () => ({ auditAdminAction: vi.fn() }));

vi.mock('../../../functions/repositories/user-repository.js', () => ({
  findUserProfileByEmail: vi.fn(),
  getUserProfile: vi.fn(),
}));
vi.mock('../../../functions/services/auth/address-limits.js', () => ({
  takePasswordAttempt: vi.fn(),
  clearPasswordAttempts: vi.fn(),
}));

const jwt = (claims: Record<string, unknown>): string =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

const input = { email: ' Asha@Example.com ', password: 'correct horse' };

beforeEach(() => {
  vi.mocked(signInWithPassword).mockReset();
  vi.mocked(findUserProfileByEmail).mockReset();
  vi.mocked(getUserProfile).mockReset();
  vi.mocked(takePasswordAttempt).mockReset().mockResolvedValue();
  vi.mocked(clearPasswordAttempts).mockReset().mockResolvedValue();
  vi.mocked(revokeSessionQuietly).mockReset().mockResolvedValue();
  vi.mocked(takeSecondStep).mockReset().mockResolvedValue({ asked: false, refusal: null });
});

describe('logIn', () => {
  it('returns the access and refresh tokens and the user, admin from the token groups', async () => {
    const accessToken = jwt({ sub: 'user-1', 'cognito:groups': ['admin'], iat: 100, exp: 3700, jti: 'token-1' });
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'signed_in', tokens: { accessToken, refreshToken: 'refresh' } });
    vi.mocked(getUserProfile).mockResolvedValue(profile());

    const response = await logIn({ input, clientIp: '203.0.113.7' });

    expect(signInWithPassword).toHaveBeenCalledWith('asha@example.com', 'correct horse');
    expect(response).toEqual({
      access_token: accessToken,
      refresh_token: 'refresh',
      expires_in: 3600,
      token_type: 'Bearer',
      user: {
        id: 'user-1',
        name: 'Asha Rao',
        email: 'asha@example.com',
        created_at: '2025-01-01T00:00:00.000Z',
        timezone: null,
        subscription_tier: 'free',
        subscription_ends_at: null,
        email_verified: true,
        is_admin: true,
      },
    });
  });

  it('answers 401 "Incorrect email or password" for a refused password of a verified account', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'rejected' });
    vi.mocked(findUserProfileByEmail).mockResolvedValue(profile());
    await expect(logIn({ input, clientIp: '203.0.113.7' })).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', detail: 'Incorrect email or password' });
  });

  it('answers the same 401 for an unknown e-mail', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'rejected' });
    vi.mocked(findUserProfileByEmail).mockResolvedValue(null);
    await expect(logIn({ input, clientIp: '203.0.113.7' })).rejects.toMatchObject({ status: 401, detail: 'Incorrect email or password' });
  });

  it.each([
    ['unverified', { email_verified: false }],
    ['deactivated', { is_active: false }],
  ])('answers a refused password of an %s account the same 401, telling nothing of its state', async (_, state) => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'rejected' });
    vi.mocked(findUserProfileByEmail).mockResolvedValue(profile(state));
    await expect(logIn({ input, clientIp: '203.0.113.7' })).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', detail: 'Incorrect email or password' });
    expect(clearPasswordAttempts).not.toHaveBeenCalled();
  });

  it('answers 403 EMAIL_NOT_VERIFIED when the emulator signs in an unverified account anyway', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({
      status: 'signed_in',
      tokens: { accessToken: jwt({ sub: 'user-1', jti: 'token-1' }), refreshToken: 'r' },
    });
    vi.mocked(getUserProfile).mockResolvedValue(profile({ email_verified: false }));
    await expect(logIn({ input, clientIp: '203.0.113.7' })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('answers 403 for a deactivated account', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({
      status: 'signed_in',
      tokens: { accessToken: jwt({ sub: 'user-1', jti: 'token-1' }), refreshToken: 'r' },
    });
    vi.mocked(getUserProfile).mockResolvedValue(profile({ is_active: false }));
    await expect(logIn({ input, clientIp: '203.0.113.7' })).rejects.toMatchObject({ status: 403, detail: 'This account has been deactivated' });
  });

  it('counts the attempt against the address before asking Cognito, and clears the count on success', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({
      status: 'signed_in',
      tokens: { accessToken: jwt({ sub: 'user-1', jti: 'token-1' }), refreshToken: 'r' },
    });
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    await logIn({ input, clientIp: '203.0.113.7' });
    expect(takePasswordAttempt).toHaveBeenCalledWith({ email: 'asha@example.com', clientIp: '203.0.113.7' });
    expect(vi.mocked(takePasswordAttempt).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(signInWithPassword).mock.invocationCallOrder[0] ?? 0,
    );
    expect(clearPasswordAttempts).toHaveBeenCalledWith({ email: 'asha@example.com', clientIp: '203.0.113.7' });
  });

  it('keeps the count after a refused password', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'rejected' });
    vi.mocked(findUserProfileByEmail).mockResolvedValue(profile());
    await expect(logIn({ input, clientIp: '203.0.113.7' })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(clearPasswordAttempts).not.toHaveBeenCalled();
  });

  it('answers 429 without asking Cognito once the address has used up its attempts', async () => {
    vi.mocked(takePasswordAttempt).mockRejectedValue(tooManyPasswordAttempts(12));
    await expect(logIn({ input, clientIp: '203.0.113.7' })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Too many failed password attempts. Please try again in 12 minutes.',
    });
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  describe('with two-factor sign-in on', () => {
    const signedIn = () => {
      vi.mocked(signInWithPassword).mockResolvedValue({ status: 'signed_in', tokens: { accessToken: jwt({ sub: 'user-1', jti: 'token-1' }), refreshToken: 'opened' } });
      vi.mocked(getUserProfile).mockResolvedValue(profile());
    };

    it('asks the code after a right password: no tokens, the opened session revoked, the attempt still counted', async () => {
      signedIn();
      vi.mocked(takeSecondStep).mockResolvedValue({ asked: true, refusal: twoFactorRequired() });
      await expect(logIn({ input, clientIp: '203.0.113.7' })).rejects.toMatchObject({ status: 401, code: 'TWO_FACTOR_REQUIRED' });
      expect(revokeSessionQuietly).toHaveBeenCalledWith('opened');
      expect(clearPasswordAttempts).not.toHaveBeenCalled();
    });

    it('refuses a wrong code like a wrong password: revoked, counted', async () => {
      signedIn();
      vi.mocked(takeSecondStep).mockResolvedValue({ asked: true, refusal: twoFactorCodeInvalid() });
      await expect(logIn({ input: { ...input, code: '000000' }, clientIp: '203.0.113.7' })).rejects.toMatchObject({ status: 401, code: 'TWO_FACTOR_CODE_INVALID' });
      expect(takeSecondStep).toHaveBeenCalledWith('user-1', '000000');
      expect(revokeSessionQuietly).toHaveBeenCalledWith('opened');
      expect(clearPasswordAttempts).not.toHaveBeenCalled();
    });

    it('signs in with a right code and takes the attempts back', async () => {
      signedIn();
      vi.mocked(takeSecondStep).mockResolvedValue({ asked: true, refusal: null });
      const response = await logIn({ input: { ...input, code: '123456' }, clientIp: '203.0.113.7' });
      expect(response.refresh_token).toBe('opened');
      expect(revokeSessionQuietly).not.toHaveBeenCalled();
      expect(clearPasswordAttempts).toHaveBeenCalled();
    });
  });
});
