import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdentity, deleteIdentityQuietly, findIdentity } from '../../../functions/repositories/identity-repository.js';
import { sendEmail } from '../../../functions/repositories/mail-repository.js';
import { createUser, deleteNewUser, findUserIdByEmail } from '../../../functions/repositories/user-repository.js';
import { hashToken } from '../../../functions/services/auth/one-time-token.js';
import { registerUser } from '../../../functions/services/auth/register-user.js';

vi.mock('../../../functions/repositories/identity-repository.js', () => ({
  createIdentity: vi.fn(),
  deleteIdentity: vi.fn(),
  deleteIdentityQuietly: vi.fn(),
  findIdentity: vi.fn(),
}));
vi.mock('../../../functions/repositories/user-repository.js', () => ({
  createUser: vi.fn(),
  deleteNewUser: vi.fn(),
  findUserIdByEmail: vi.fn(),
}));
vi.mock('../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));

const input = { name: 'Asha Rao', email: 'Asha@Example.com', password: 'correct horse' };

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
  vi.mocked(createIdentity).mockResolvedValue({ status: 'created', userId: 'user-1' });
  vi.mocked(createUser).mockResolvedValue('created');
  vi.mocked(deleteNewUser).mockResolvedValue();
  vi.mocked(sendEmail).mockResolvedValue();
});

describe('registerUser', () => {
  it('stores a free, unverified profile with the hash of the token it mails, and answers with the address', async () => {
    const result = await registerUser({ input });

    expect(result).toEqual({
      message: 'Registration successful. Please check your email to verify your account.',
      email: 'asha@example.com',
    });
    expect(createIdentity).toHaveBeenCalledWith({ email: 'asha@example.com', name: 'Asha Rao', password: 'correct horse' });
    const [profile, token] = vi.mocked(createUser).mock.calls[0]!;
    if (!token) throw new Error('registration must store a verification token');
    expect(profile).toMatchObject({
      id: 'user-1',
      email: 'asha@example.com',
      subscription_tier: 'free',
      email_verified: false,
      is_active: true,
      monitor_count: 0,
      timezone: null,
      subscription_ends_at: null,
    });
    expect(token).toMatchObject({ kind: 'verify_email', userId: 'user-1' });
    expect(token.expiresAt - Date.now() / 1000).toBeGreaterThan(24 * 3600 - 60);

    const mail = vi.mocked(sendEmail).mock.calls[0]![0];
    const sent = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(mail.to).toBe('asha@example.com');
    expect(sent && hashToken(decodeURIComponent(sent))).toBe(token.hash);
    expect(mail.text).toContain('https://app.example.com/verify-email?token=');
  });

  it('answers 409 and deletes the new Cognito identity when the e-mail is taken in the table', async () => {
    vi.mocked(createUser).mockResolvedValue('email_taken');
    await expect(registerUser({ input })).rejects.toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
    expect(deleteIdentityQuietly).toHaveBeenCalledWith('user-1');
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('answers 409 without touching anything when Cognito already has the address and so does the table', async () => {
    vi.mocked(createIdentity).mockResolvedValue({ status: 'exists' });
    vi.mocked(findUserIdByEmail).mockResolvedValue('someone');
    await expect(registerUser({ input })).rejects.toMatchObject({
      status: 409,
      detail: 'An account with this email already exists',
    });
    expect(createUser).not.toHaveBeenCalled();
    expect(deleteIdentityQuietly).not.toHaveBeenCalled();
  });

  it('does not replace a recent identity the table does not know (a registration may be in flight)', async () => {
    vi.mocked(createIdentity).mockResolvedValue({ status: 'exists' });
    vi.mocked(findUserIdByEmail).mockResolvedValue(null);
    vi.mocked(findIdentity).mockResolvedValue({ enabled: false, status: 'CONFIRMED', createdAt: new Date() });
    await expect(registerUser({ input })).rejects.toMatchObject({ status: 409 });
    expect(createIdentity).toHaveBeenCalledTimes(1);
  });

  it('replaces an abandoned, never-enabled identity and registers normally', async () => {
    vi.mocked(createIdentity).mockResolvedValueOnce({ status: 'exists' }).mockResolvedValueOnce({ status: 'created', userId: 'user-2' });
    vi.mocked(findUserIdByEmail).mockResolvedValue(null);
    vi.mocked(findIdentity).mockResolvedValue({ enabled: false, status: 'CONFIRMED', createdAt: new Date(Date.now() - 3600_000) });
    await expect(registerUser({ input })).resolves.toMatchObject({ email: 'asha@example.com' });
    expect(vi.mocked(createUser).mock.calls[0]![0].id).toBe('user-2');
  });

  it('rolls back the table items and the identity when the e-mail cannot be sent, so a retry works', async () => {
    vi.mocked(sendEmail).mockRejectedValue(new Error('SES throttled'));
    await expect(registerUser({ input })).rejects.toThrow('SES throttled');
    const token = vi.mocked(createUser).mock.calls[0]![1]!;
    expect(deleteNewUser).toHaveBeenCalledWith('user-1', 'asha@example.com', token.hash);
    expect(deleteIdentityQuietly).toHaveBeenCalledWith('user-1');
  });
});
