import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveContactMessage } from '../../../functions/repositories/contact-repository.js';
import { sendEmail } from '../../../functions/repositories/mail-repository.js';
import { takeRateLimitSlot } from '../../../functions/repositories/rate-limit-repository.js';
import { recordApplicationError } from '../../../functions/services/operations/record-application-error.js';
import { submitContact } from '../../../functions/services/public/submit-contact.js';
import { captureLogs } from './captured-logs.js';

vi.mock('../../../functions/repositories/contact-repository.js', () => ({ saveContactMessage: vi.fn() }));
vi.mock('../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));
vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn() }));
vi.mock('../../../functions/services/operations/record-application-error.js', () => ({ recordApplicationError: vi.fn() }));

const input = { name: 'Ada', email: 'Ada@Example.com', subject: 'support' as const, message: 'My monitor shows offline.' };

beforeAll(() => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', MAIL_FROM: 'alerts@upwatch.example', SUPPORT_EMAIL: 'help@upwatch.example' });
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(takeRateLimitSlot).mockResolvedValue(true);
  vi.mocked(saveContactMessage).mockResolvedValue();
  vi.mocked(sendEmail).mockResolvedValue();
});

describe('submitContact', () => {
  it('limits per lower-cased sender address, stores the message, then mails support', async () => {
    const result = await submitContact({ input });

    expect(result).toEqual({ success: true, message: "Message sent! We'll get back to you within 24 hours." });
    expect(takeRateLimitSlot).toHaveBeenCalledWith(expect.objectContaining({ scope: 'contact', subject: 'ada@example.com', limit: 3 }));
    const stored = vi.mocked(saveContactMessage).mock.calls[0]![0];
    expect(stored).toMatchObject({ name: 'Ada', email: 'ada@example.com', subject: 'support', message: input.message });
    expect(stored.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(sendEmail).toHaveBeenCalledWith(expect.objectContaining({ to: 'help@upwatch.example', replyTo: 'ada@example.com' }));
    expect(recordApplicationError).not.toHaveBeenCalled();
  });

  it('stores nothing and sends nothing once the sender is over the limit', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(false);
    await expect(submitContact({ input })).rejects.toMatchObject({
      status: 429,
      detail: expect.stringMatching(/^Too many messages from this email address: at most 3 per hour\. Please try again in \d+ minutes?\.$/),
    });
    expect(saveContactMessage).not.toHaveBeenCalled();
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('still answers success when the stored message could not be mailed to support, and puts the lost mail in the error log', async () => {
    const down = new Error('SES is down');
    vi.mocked(sendEmail).mockRejectedValue(down);
    const logs = captureLogs();
    await expect(submitContact({ input })).resolves.toMatchObject({ success: true });
    logs.restore();
    expect(logs.entries()[0]).toHaveProperty('contactMessageId');
    const stored = vi.mocked(saveContactMessage).mock.calls[0]![0];
    expect(recordApplicationError).toHaveBeenCalledWith({
      type: 'email_error',
      message: 'The contact message from ada@example.com could not be mailed to support',
      error: down,
      context: { mail: 'contact', contact_message_id: stored.id, subject: 'support' },
    });
  });

  it('fails when the message cannot be stored, without mailing support', async () => {
    vi.mocked(saveContactMessage).mockRejectedValue(new Error('table unreachable'));
    await expect(submitContact({ input })).rejects.toThrow('table unreachable');
    expect(sendEmail).not.toHaveBeenCalled();
  });
});
