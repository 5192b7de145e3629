import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendEmail } from '../../../functions/repositories/mail-repository.js';
import { takeRateLimitSlot } from '../../../functions/repositories/rate-limit-repository.js';
import { sendTestNotification } from '../../../functions/services/account/send-test-notification.js';
import { caller } from './profile-fixture.js';

vi.mock('../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));
vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn() }));

const ctx = caller();
const input = { notification_type: 'incident' as const, test_email: 'Ops@Example.com' };

beforeAll(() => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', MAIL_FROM: 'alerts@upwatch.example', APP_URL: 'https://app.example.com' });
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(takeRateLimitSlot).mockResolvedValue(true);
  vi.mocked(sendEmail).mockResolvedValue();
});

describe('sendTestNotification', () => {
  it('mails the chosen test to the address, counted against the per-user limit', async () => {
    const result = await sendTestNotification({ ctx, input });

    expect(result).toEqual({ success: true, message: 'A test incident alert was sent to ops@example.com.' });
    expect(takeRateLimitSlot).toHaveBeenCalledWith(expect.objectContaining({ scope: 'notification_test', subject: 'user-1', limit: 5 }));
    expect(sendEmail).toHaveBeenCalledWith(expect.objectContaining({ to: 'ops@example.com', subject: expect.stringMatching(/Website Down/) }));
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
