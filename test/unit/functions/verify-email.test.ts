import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enableVerifiedIdentity } from '../../../functions/repositories/identity-repository.js';
import { consumeToken, findUsedVerificationLink, markVerificationLinkUsed, restoreToken, type OneTimeToken } from '../../../functions/repositories/token-repository.js';
import { getUserProfile, markEmailVerified } from '../../../functions/repositories/user-repository.js';
import { hashToken } from '../../../functions/services/auth/one-time-token.js';
import { verifyEmail } from '../../../functions/services/auth/verify-email.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/identity-repository.js', () => ({ enableVerifiedIdentity: vi.fn() }));
vi.mock('../../../functions/repositories/token-repository.js', () => ({
  consumeToken: vi.fn(),
  restoreToken: vi.fn(),
  markVerificationLinkUsed: vi.fn(),
  findUsedVerificationLink: vi.fn(),
}));
vi.mock('../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn(), markEmailVerified: vi.fn() }));

const stored: OneTimeToken = { hash: hashToken('the-token'), kind: 'verify_email', userId: 'user-1', expiresAt: 2e9 };

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(consumeToken).mockResolvedValue(stored);
  vi.mocked(getUserProfile).mockResolvedValue(profile({ email_verified: false }));
  vi.mocked(markEmailVerified).mockResolvedValue(true);
  vi.mocked(restoreToken).mockResolvedValue();
  vi.mocked(markVerificationLinkUsed).mockResolvedValue();
  vi.mocked(findUsedVerificationLink).mockResolvedValue(null);
});

describe('verifyEmail', () => {
  it('uses up the token by its hash, enables the identity and marks the profile verified', async () => {
    await expect(verifyEmail({ query: { token: 'the-token' } })).resolves.toEqual({
      message: 'Email verified successfully. You can now log in.',
      already_verified: false,
    });
    expect(markVerificationLinkUsed).toHaveBeenCalledWith(stored.hash, 'user-1', expect.any(Number));
    expect(consumeToken).toHaveBeenCalledWith(stored.hash, 'verify_email', expect.any(Number));
    expect(enableVerifiedIdentity).toHaveBeenCalledWith('user-1', 'asha@example.com');
    expect(markEmailVerified).toHaveBeenCalledWith('user-1');
  });

  it('answers 400 INVALID_TOKEN for an unknown, used or expired token', async () => {
    vi.mocked(consumeToken).mockResolvedValue(null);
    await expect(verifyEmail({ query: { token: 'nope' } })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_TOKEN',
      detail: 'This verification link is invalid or has expired. Request a new one.',
    });
    expect(enableVerifiedIdentity).not.toHaveBeenCalled();
  });

  it('says the address is already verified when a link that worked is opened again', async () => {
    vi.mocked(consumeToken).mockResolvedValue(null);
    vi.mocked(findUsedVerificationLink).mockResolvedValue('user-1');
    vi.mocked(getUserProfile).mockResolvedValue(profile({ email_verified: true }));
    await expect(verifyEmail({ query: { token: 'the-token' } })).resolves.toEqual({
      message: 'This email address is already verified. You can log in.',
      already_verified: true,
    });
    expect(enableVerifiedIdentity).not.toHaveBeenCalled();
  });

  it('puts the token back when enabling the identity fails, so the link works on retry', async () => {
    vi.mocked(enableVerifiedIdentity).mockRejectedValue(new Error('Cognito unavailable'));
    await expect(verifyEmail({ query: { token: 'the-token' } })).rejects.toThrow('Cognito unavailable');
    expect(restoreToken).toHaveBeenCalledWith(stored);
  });

  it('answers 400 when the account was deleted after the mail went out', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(null);
    await expect(verifyEmail({ query: { token: 'the-token' } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(restoreToken).not.toHaveBeenCalled();
  });
});
