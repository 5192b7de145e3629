import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendEmail } from '../../../functions/repositories/mail-repository.js';
import { storeToken } from '../../../functions/repositories/token-repository.js';
import { findUserProfileByEmail } from '../../../functions/repositories/user-repository.js';
import { takeMailSlot } from '../../../functions/services/auth/address-limits.js';
import { tooManyEmails, VERIFICATION_MAILS } from '../../../functions/services/auth/attempt-limits.js';
import { hashToken, VERIFY_EMAIL_TOKEN_LIFETIME_SECONDS } from '../../../functions/services/auth/one-time-token.js';
import { resendVerification } from '../../../functions/services/auth/resend-verification.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));
vi.mock('../../../functions/repositories/token-repository.js', () => ({ storeToken: vi.fn() }));
vi.mock('../../../functions/repositories/user-repository.js', () => ({ findUserProfileByEmail: vi.fn() }));
vi.mock('../../../functions/services/auth/address-limits.js', () => ({ takeMailSlot: vi.fn() }));

beforeAll(() => {
  Object.assign(process.env, {
    APP_URL: 'https://app.example.com',
    AWS_REGION: 'us-east-1',
  });
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(findUserProfileByEmail).mockResolvedValue(profile({ email_verified: false }));
});

describe('resendVerification', () => {
  it('stores a new 24-hour verification token and mails its link to an unverified account', async () => {
    const now = Math.floor(Date.now() / 1000);
    await resendVerification({ input: { email: 'ASHA@example.com' } });

    expect(takeMailSlot).toHaveBeenCalledWith(VERIFICATION_MAILS, 'asha@example.com');
    const token = vi.mocked(storeToken).mock.calls[0]?.[0];
    expect(token).toMatchObject({ kind: 'verify_email', userId: 'user-1' });
    expect(token?.expiresAt).toBeGreaterThanOrEqual(now + VERIFY_EMAIL_TOKEN_LIFETIME_SECONDS);
    const mail = vi.mocked(sendEmail).mock.calls[0]?.[0];
    expect(mail?.to).toBe('asha@example.com');
    expect(mail?.text).toContain('https://app.example.com/verify-email?token=');
    expect(hashToken(/token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '')).toBe(token?.hash);
  });

  it.each([
    ['an unknown address', null],
    ['a verified account', profile({ email_verified: true })],
    ['a deactivated account', profile({ email_verified: false, is_active: false })],
  ])('answers the same and mails nothing for %s', async (_case, found) => {
    const waiting = await resendVerification({ input: { email: 'asha@example.com' } });
    vi.mocked(sendEmail).mockClear();
    vi.mocked(findUserProfileByEmail).mockResolvedValue(found);

    await expect(resendVerification({ input: { email: 'asha@example.com' } })).resolves.toEqual(waiting);
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('answers 429 before looking the address up once its mails are used up', async () => {
    vi.mocked(takeMailSlot).mockRejectedValue(tooManyEmails(3));
    await expect(resendVerification({ input: { email: 'asha@example.com' } })).rejects.toMatchObject({ status: 429 });
    expect(findUserProfileByEmail).not.toHaveBeenCalled();
  });
});
