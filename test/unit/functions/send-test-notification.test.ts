import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listChannels, type StoredChannel } from '../../../functions/repositories/channel-repository.js';
import { sendEmail } from '../../../functions/repositories/mail-repository.js';
import { takeRateLimitSlot } from '../../../functions/repositories/rate-limit-repository.js';
import { sendTestNotification } from '../../../functions/services/account/send-test-notification.js';
import { NOT_A_CONFIRMED_ADDRESS } from '../../../shared/account/notifications.js';
import { caller } from './profile-fixture.js';

vi.mock('../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));
vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn() }));
vi.mock('../../../functions/repositories/channel-repository.js', () => ({ listChannels: vi.fn() }));

const emailChannel = (address: string, status: StoredChannel['status']): StoredChannel => ({
  id: `ch-${address}`,
  userId: 'user-1',
  type: 'email',
  name: address,
  config: { address },
  sealedConfig: {},
  isDefault: false,
  status,
  pausedReason: null,
  consecutiveFailures: 0,
  signingSecrets: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastDeliveryAt: null,
});

const ctx = caller();
const input = { notification_type: 'incident' as const, test_email: 'Ops@Example.com' };

beforeAll(() => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', MAIL_FROM: 'alerts@upwatch.example', APP_URL: 'https://app.example.com' });
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(takeRateLimitSlot).mockResolvedValue(true);
  vi.mocked(sendEmail).mockResolvedValue();
  vi.mocked(listChannels).mockResolvedValue([emailChannel('ops@example.com', 'active'), emailChannel('new@example.com', 'unconfirmed')]);
});

describe('sendTestNotification', () => {
  it('mails the chosen test to the address, counted against the per-user limit', async () => {
    const result = await sendTestNotification({ ctx, input });

    expect(result).toEqual({ success: true, message: 'A test incident alert was sent to ops@example.com.' });
    expect(takeRateLimitSlot).toHaveBeenCalledWith(expect.objectContaining({ scope: 'notification_test', subject: 'user-1', limit: 5 }));
    expect(sendEmail).toHaveBeenCalledWith(expect.objectContaining({ to: 'ops@example.com', subject: expect.stringMatching(/Website Down/) }));
  });

  it("mails the caller's own sign-in address, whatever its case", async () => {
    vi.mocked(listChannels).mockResolvedValue([]);
    const result = await sendTestNotification({ ctx, input: { notification_type: 'email', test_email: ctx.profile.email.toUpperCase() } });
    expect(result.success).toBe(true);
    expect(sendEmail).toHaveBeenCalledWith(expect.objectContaining({ to: ctx.profile.email.toLowerCase() }));
  });

  it.each([
    ['a stranger', 'stranger@example.org'],
    ['an e-mail channel that has not confirmed yet', 'new@example.com'],
  ])('refuses %s with 400 on test_email, sending nothing and taking no slot', async (_case, address) => {
    await expect(sendTestNotification({ ctx, input: { notification_type: 'incident', test_email: address } })).rejects.toMatchObject({
      status: 400,
      detail: NOT_A_CONFIRMED_ADDRESS,
      fieldProblems: [{ field: 'test_email', message: NOT_A_CONFIRMED_ADDRESS }],
    });
    expect(sendEmail).not.toHaveBeenCalled();
    expect(takeRateLimitSlot).not.toHaveBeenCalled();
  });

  it('answers 429 and sends nothing over the limit', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(false);
    await expect(sendTestNotification({ ctx, input })).rejects.toMatchObject({
      status: 429,
      detail: expect.stringMatching(/^Too many test notifications: at most 5 every 10 minutes\. Please try again in \d+ minutes?\.$/),
    });
    expect(sendEmail).not.toHaveBeenCalled();
  });
});
