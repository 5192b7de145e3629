import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enableVerifiedIdentity, setPermanentPassword } from '../../../functions/repositories/identity-repository.js';
import { signOutEverywhere } from '../../../functions/repositories/identity-session-repository.js';
import { sendEmail } from '../../../functions/repositories/mail-repository.js';
import {
  consumeToken,
  findUsedResetLink,
  markResetLinkUsed,
  peekToken,
  restoreToken,
  storeToken,
  type OneTimeToken,
} from '../../../functions/repositories/token-repository.js';
import { checkResetLink } from '../../../functions/services/auth/check-reset-link.js';
import {
  findUserProfileByEmail,
  getPasswordChangedAt,
  getUserProfile,
  markEmailVerified,
  recordPasswordChange,
} from '../../../functions/repositories/user-repository.js';
import { clearAddressFailures, takeMailSlot } from '../../../functions/services/auth/address-limits.js';
import { RESET_MAILS, tooManyEmails } from '../../../functions/services/auth/attempt-limits.js';
import { forgotPassword } from '../../../functions/services/auth/forgot-password.js';
import { hashToken, RESET_PASSWORD_TOKEN_LIFETIME_SECONDS } from '../../../functions/services/auth/one-time-token.js';
import { resetPasswordEmail, resetPasswordLink } from '../../../functions/services/auth/reset-password-email.js';
import { resetPassword } from '../../../functions/services/auth/reset-password.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/identity-repository.js', () => ({
  enableVerifiedIdentity: vi.fn(),
  setPermanentPassword: vi.fn(),
}));
vi.mock('../../../functions/repositories/identity-session-repository.js', () => ({ signOutEverywhere: vi.fn() }));
vi.mock('../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));
vi.mock('../../../functions/repositories/session-repository.js', () => import('./session-repository-stub.js'));
vi.mock('../../../functions/services/admin/audit.js', () => ({ auditAdminAction: vi.fn() }));

vi.mock('../../../functions/repositories/token-repository.js', () => ({
  consumeToken: vi.fn(),
  restoreToken: vi.fn(),
  storeToken: vi.fn(),
  markResetLinkUsed: vi.fn(),
  findUsedResetLink: vi.fn(),
  peekToken: vi.fn(),
}));
vi.mock('../../../functions/repositories/user-repository.js', () => ({
  findUserProfileByEmail: vi.fn(),
  getPasswordChangedAt: vi.fn(),
  getUserProfile: vi.fn(),
  markEmailVerified: vi.fn(),
  recordPasswordChange: vi.fn(),
}));
vi.mock('../../../functions/services/auth/address-limits.js', () => ({ clearAddressFailures: vi.fn(), takeMailSlot: vi.fn() }));

const NOW_SECONDS = Math.floor(Date.now() / 1000);
const stored: OneTimeToken = {
  hash: hashToken('the-token'),
  kind: 'reset_password',
  userId: 'user-1',
  expiresAt: NOW_SECONDS + 1800,
};
const issuedAt = new Date((stored.expiresAt - RESET_PASSWORD_TOKEN_LIFETIME_SECONDS) * 1000);
const input = { token: 'the-token', new_password: 'a-new-password' };

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'upwatch',
    USER_POOL_ID: 'pool',
    USER_POOL_CLIENT_ID: 'client',
    APP_URL: 'https://app.example.com',
    MAIL_FROM: 'alerts@example.com',
    AWS_REGION: 'us-east-1',
  });
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(findUserProfileByEmail).mockResolvedValue(profile());
  vi.mocked(consumeToken).mockResolvedValue(stored);
  vi.mocked(getUserProfile).mockResolvedValue(profile());
  vi.mocked(getPasswordChangedAt).mockResolvedValue(null);
  vi.mocked(recordPasswordChange).mockResolvedValue(true);
  vi.mocked(markEmailVerified).mockResolvedValue(true);
  vi.mocked(restoreToken).mockResolvedValue();
});

describe('reset password e-mail', () => {
  it('links to /reset-password with the token URL-encoded', () => {
    expect(resetPasswordLink('https://app.example.com', 'a+b/c=')).toBe('https://app.example.com/reset-password?token=a%2Bb%2Fc%3D');
  });

  it('carries the link in both bodies, says it lasts 1 hour, and escapes the name', () => {
    const mail = resetPasswordEmail({ appUrl: 'https://app.example.com', to: 'a@x.test', name: '<b>Asha</b>', token: 'tok' });
    expect(mail.subject).toBe('Reset your Upwatch password');
    expect(mail.text).toContain('https://app.example.com/reset-password?token=tok');
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain('href="https://app.example.com/reset-password?token=tok"');
    expect(mail.html).not.toContain('<b>Asha</b>');
  });
});

describe('forgotPassword', () => {
  it('stores only the hash of a 1-hour reset token and mails the link to the account address', async () => {
    const answer = await forgotPassword({ input: { email: ' Asha@Example.com ' } });

    expect(takeMailSlot).toHaveBeenCalledWith(RESET_MAILS, 'asha@example.com');
    const token = vi.mocked(storeToken).mock.calls[0]?.[0];
    expect(token).toMatchObject({ kind: 'reset_password', userId: 'user-1' });
    expect(token?.expiresAt).toBeGreaterThanOrEqual(NOW_SECONDS + RESET_PASSWORD_TOKEN_LIFETIME_SECONDS);
    expect(token?.expiresAt).toBeLessThanOrEqual(NOW_SECONDS + RESET_PASSWORD_TOKEN_LIFETIME_SECONDS + 5);
    const mail = vi.mocked(sendEmail).mock.calls[0]?.[0];
    const sentToken = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.to).toBe('asha@example.com');
    expect(hashToken(sentToken)).toBe(token?.hash);
    expect(answer.message).toMatch(/^If an account exists for this email/);
  });

  it('answers the same and sends nothing for an unknown address or a deactivated account', async () => {
    const known = await forgotPassword({ input: { email: 'asha@example.com' } });
    vi.mocked(sendEmail).mockClear();
    vi.mocked(findUserProfileByEmail).mockResolvedValueOnce(null).mockResolvedValueOnce(profile({ is_active: false }));

    await expect(forgotPassword({ input: { email: 'nobody@example.com' } })).resolves.toEqual(known);
    await expect(forgotPassword({ input: { email: 'asha@example.com' } })).resolves.toEqual(known);
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('answers 429 before looking the address up once its mails are used up', async () => {
    vi.mocked(takeMailSlot).mockRejectedValue(tooManyEmails(9));
    await expect(forgotPassword({ input: { email: 'asha@example.com' } })).rejects.toMatchObject({ status: 429 });
    expect(findUserProfileByEmail).not.toHaveBeenCalled();
  });
});

describe('resetPassword', () => {
  it('uses up the token, sets the password, signs sessions out and records the change last', async () => {
    await expect(resetPassword({ input })).resolves.toEqual({
      message: 'Your password has been reset. You can now log in with your new password.',
    });
    expect(consumeToken).toHaveBeenCalledWith(stored.hash, 'reset_password', expect.any(Number));
    expect(setPermanentPassword).toHaveBeenCalledWith('user-1', 'a-new-password', 'new_password');
    expect(signOutEverywhere).toHaveBeenCalledWith('user-1');
    expect(clearAddressFailures).toHaveBeenCalledWith('asha@example.com');
    expect(enableVerifiedIdentity).not.toHaveBeenCalled();
    const recorded = vi.mocked(recordPasswordChange).mock.invocationCallOrder[0] ?? 0;
    expect(recorded).toBeGreaterThan(vi.mocked(signOutEverywhere).mock.invocationCallOrder[0] ?? Infinity);
    const notice = vi.mocked(sendEmail).mock.calls.at(-1)?.[0];
    expect(notice).toMatchObject({ to: 'asha@example.com', subject: 'Your Upwatch password was changed' });
    expect(notice?.text).toContain('was reset with a link from our email');
  });

  it('mails no password notice when the link is refused', async () => {
    vi.mocked(consumeToken).mockResolvedValue(null);
    await expect(resetPassword({ input })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('marks the link used once it set the password, so opening it again says so', async () => {
    await resetPassword({ input });
    expect(markResetLinkUsed).toHaveBeenCalledWith(stored.hash, 'user-1', expect.any(Number));
    vi.mocked(consumeToken).mockResolvedValue(null);
    vi.mocked(findUsedResetLink).mockResolvedValue(true);
    await expect(resetPassword({ input })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_TOKEN',
      detail: 'This password reset link has already been used. Request a new one if you need to reset your password again.',
    });
  });

  it('answers 400 INVALID_TOKEN for an unknown or expired token', async () => {
    vi.mocked(findUsedResetLink).mockResolvedValue(false);
    vi.mocked(consumeToken).mockResolvedValue(null);
    await expect(resetPassword({ input })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_TOKEN',
      detail: 'This password reset link is invalid or has expired. Request a new one.',
    });
    expect(setPermanentPassword).not.toHaveBeenCalled();
  });

  it('refuses a link issued before the password last changed, and leaves it used up', async () => {
    vi.mocked(getPasswordChangedAt).mockResolvedValue(new Date(issuedAt.getTime() + 5000));
    await expect(resetPassword({ input })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(setPermanentPassword).not.toHaveBeenCalled();
    expect(restoreToken).not.toHaveBeenCalled();
  });

  it('accepts a link issued after the last change', async () => {
    vi.mocked(getPasswordChangedAt).mockResolvedValue(new Date(issuedAt.getTime() - 5000));
    await expect(resetPassword({ input })).resolves.toBeDefined();
  });

  it('verifies an address that never was, since the link proves the mailbox', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile({ email_verified: false }));
    await resetPassword({ input });
    expect(enableVerifiedIdentity).toHaveBeenCalledWith('user-1', 'asha@example.com');
    expect(markEmailVerified).toHaveBeenCalledWith('user-1');
  });

  it('answers 400 for a deleted account and 403 for a deactivated one, without restoring the token', async () => {
    vi.mocked(getUserProfile).mockResolvedValueOnce(null).mockResolvedValueOnce(profile({ is_active: false }));
    await expect(resetPassword({ input })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    await expect(resetPassword({ input })).rejects.toMatchObject({ status: 403 });
    expect(restoreToken).not.toHaveBeenCalled();
  });

  it('puts the token back when a step fails, so the same link works on retry', async () => {
    vi.mocked(signOutEverywhere).mockRejectedValue(new Error('Cognito unavailable'));
    await expect(resetPassword({ input })).rejects.toThrow('Cognito unavailable');
    expect(restoreToken).toHaveBeenCalledWith(stored);
    expect(recordPasswordChange).not.toHaveBeenCalled();
  });
});

describe('checkResetLink', () => {
  beforeEach(() => {
    vi.mocked(getUserProfile).mockResolvedValue(profile({ id: 'user-1', email: 'asha@example.com' }));
    vi.mocked(getPasswordChangedAt).mockResolvedValue(null);
    vi.mocked(findUsedResetLink).mockResolvedValue(false);
  });

  it('says a live link works, without using it up', async () => {
    vi.mocked(peekToken).mockResolvedValue({ token: stored });
    await expect(checkResetLink({ input: { token: 'the-token' } })).resolves.toEqual({ message: 'This reset link works: choose your new password.' });
    expect(peekToken).toHaveBeenCalledWith(stored.hash, 'reset_password', expect.any(Number));
    expect(consumeToken).not.toHaveBeenCalled();
  });

  it('says a used link was used, and an unknown one is invalid', async () => {
    vi.mocked(peekToken).mockResolvedValue({ token: null });
    vi.mocked(findUsedResetLink).mockResolvedValue(true);
    await expect(checkResetLink({ input: { token: 'the-token' } })).rejects.toMatchObject({ code: 'INVALID_TOKEN', detail: expect.stringMatching(/already been used/) });
    vi.mocked(findUsedResetLink).mockResolvedValue(false);
    await expect(checkResetLink({ input: { token: 'the-token' } })).rejects.toMatchObject({ code: 'INVALID_TOKEN', detail: expect.stringMatching(/invalid or has expired/) });
  });

  it('says a link mailed before the password last changed is dead', async () => {
    vi.mocked(peekToken).mockResolvedValue({ token: stored });
    vi.mocked(getPasswordChangedAt).mockResolvedValue(new Date(issuedAt.getTime() + 5000));
    await expect(checkResetLink({ input: { token: 'the-token' } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
