import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPermanentPassword } from '../../../functions/repositories/identity-repository.js';
import {
  revokeSessionQuietly,
  signInWithPassword,
  signOutEverywhere,
} from '../../../functions/repositories/identity-session-repository.js';
import { sendEmail } from '../../../functions/repositories/mail-repository.js';
import { recordPasswordChange } from '../../../functions/repositories/user-repository.js';
import { clearPasswordAttempts, takePasswordAttempt } from '../../../functions/services/auth/address-limits.js';
import { tooManyPasswordAttempts } from '../../../functions/services/auth/attempt-limits.js';
import { changePassword } from '../../../functions/services/auth/change-password.js';
import { TEXT } from '../../../shared/texts.js';
import { caller } from './profile-fixture.js';

vi.mock('../../../functions/repositories/identity-repository.js', () => ({ setPermanentPassword: vi.fn() }));
vi.mock('../../../functions/repositories/identity-session-repository.js', () => ({
  revokeSessionQuietly: vi.fn(),
  signInWithPassword: vi.fn(),
  signOutEverywhere: vi.fn(),
}));
vi.mock('../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn(), recordPasswordChange: vi.fn() }));
vi.mock('../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));
vi.mock('../../../functions/repositories/session-repository.js', () => import('./session-repository-stub.js'));
vi.mock('../../../functions/services/admin/audit.js', () => ({ auditAdminAction: vi.fn() }));

vi.mock('../../../functions/services/auth/address-limits.js', () => ({
  clearPasswordAttempts: vi.fn(),
  takePasswordAttempt: vi.fn(),
}));

const ctx = caller();
const clientIp = '203.0.113.7';
const input = { current_password: 'the-old-one', new_password: 'the-new-one' };

/** A token whose payload says when it lapses, as Cognito's do. */
const jwt = (claims: Record<string, unknown>): string =>
  ['header', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');
const freshAccessToken = jwt({ sub: 'user-1', iat: 1000, exp: 4600, jti: 'token-1' });

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
  vi.mocked(signInWithPassword).mockImplementation(async (_email, password) =>
    password === 'the-old-one'
      ? { status: 'signed_in', tokens: { accessToken: 'a', refreshToken: 'check-session' } }
      : { status: 'signed_in', tokens: { accessToken: freshAccessToken, refreshToken: 'fresh-session' } },
  );
  vi.mocked(recordPasswordChange).mockResolvedValue(true);
});

describe('changePassword', () => {
  it('checks the current password by signing in, revokes that session, then sets the new one', async () => {
    await expect(changePassword({ ctx, input, clientIp })).resolves.toMatchObject({ message: TEXT.passwordChanged });
    expect(takePasswordAttempt).toHaveBeenCalledWith({ email: 'asha@example.com', clientIp });
    expect(signInWithPassword).toHaveBeenCalledWith('asha@example.com', 'the-old-one');
    expect(clearPasswordAttempts).toHaveBeenCalledWith({ email: 'asha@example.com', clientIp });
    expect(revokeSessionQuietly).toHaveBeenCalledWith('check-session');
    expect(setPermanentPassword).toHaveBeenCalledWith('user-1', 'the-new-one', 'new_password');
    expect(recordPasswordChange).toHaveBeenCalledWith('user-1', expect.any(Date));
  });

  it('mails the owner that the password changed, and keeps the change when that mail fails', async () => {
    await changePassword({ ctx, input, clientIp });
    const mail = vi.mocked(sendEmail).mock.calls[0]?.[0];
    expect(mail).toMatchObject({ to: 'asha@example.com', subject: 'Your Upwatch password was changed' });
    expect(mail?.text).toContain('was changed in Settings on');
    expect(mail?.text).toContain('If it was not you, reset your password now');
    vi.mocked(sendEmail).mockRejectedValue(new Error('SES down'));
    await expect(changePassword({ ctx, input, clientIp })).resolves.toMatchObject({ message: TEXT.passwordChanged });
  });

  it('answers 400 on current_password when the current password is wrong, and keeps the failure counted', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'rejected' });
    await expect(changePassword({ ctx, input, clientIp })).rejects.toMatchObject({
      status: 400,
      detail: 'Current password is incorrect',
      fieldProblems: [{ field: 'current_password', message: 'Current password is incorrect' }],
    });
    expect(setPermanentPassword).not.toHaveBeenCalled();
    expect(clearPasswordAttempts).not.toHaveBeenCalled();
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('answers 429 without trying the password once the address has used up its attempts', async () => {
    vi.mocked(takePasswordAttempt).mockRejectedValue(tooManyPasswordAttempts(4));
    await expect(changePassword({ ctx, input, clientIp })).rejects.toMatchObject({ status: 429 });
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('signs every other session out and opens a new one for this device with the new password', async () => {
    await expect(changePassword({ ctx, input, clientIp })).resolves.toEqual({
      message: TEXT.passwordChanged,
      access_token: freshAccessToken,
      refresh_token: 'fresh-session',
      expires_in: 3600,
      token_type: 'Bearer',
    });
    const changed = vi.mocked(recordPasswordChange).mock.invocationCallOrder[0]!;
    const signedOut = vi.mocked(signOutEverywhere).mock.invocationCallOrder[0]!;
    expect(signOutEverywhere).toHaveBeenCalledWith('user-1');
    expect(signedOut).toBeGreaterThan(changed);
    expect(vi.mocked(signInWithPassword).mock.invocationCallOrder.at(-1)).toBeGreaterThan(signedOut);
    expect(signInWithPassword).toHaveBeenLastCalledWith('asha@example.com', 'the-new-one');
  });

  it('answers 400 when the new password is the current one', async () => {
    await expect(changePassword({ ctx, input: { current_password: 'same-same', new_password: 'same-same' }, clientIp })).rejects.toMatchObject({
      status: 400,
      detail: 'New password must be different from the current password',
    });
    expect(setPermanentPassword).not.toHaveBeenCalled();
  });
});
