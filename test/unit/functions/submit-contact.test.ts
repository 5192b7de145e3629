import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveContactMessage } from '../../../functions/repositories/contact-repository.js';
import { sendEmail } from '../../../functions/repositories/mail-repository.js';
import { takeRateLimitSlot } from '../../../functions/repositories/rate-limit-repository.js';
import { recordApplicationError } from '../../../functions/services/operations/record-application-error.js';
import { submitContact } from '../../../functions/services/public/submit-contact.js';
import { captureLogs } from './captured-logs.js';
import { caller } from './profile-fixture.js';

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

    expect(result).toEqual({ success: true, message: "Message sent! We'll get back to you within 24 hours.", priority: false, reply_within_hours: 24 });
    expect(takeRateLimitSlot).toHaveBeenCalledWith(expect.objectContaining({ scope: 'contact', subject: 'ada@example.com', limit: 3 }));
    const stored = vi.mocked(saveContactMessage).mock.calls[0]![0];
    expect(stored).toMatchObject({ name: 'Ada', email: 'ada@example.com', subject: 'support', message: input.message, priority: false, sender: null, answered_at: null });
    expect(Date.parse(stored.respond_by) - Date.parse(stored.created_at)).toBe(24 * 3_600_000);
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

  it('marks a message sent signed in from a Business workspace priority, due within 4 hours, and counts it per account', async () => {
    const ctx = { ...caller({ id: 'member-1', subscription_tier: 'free' }), workspaceId: 'biz-1', role: 'viewer' as const };
    ctx.account = { ...ctx.profile, id: 'biz-1', subscription_tier: 'business' };
    const result = await submitContact({ input, ctx });

    expect(result).toEqual({
      success: true,
      message: "Message sent! Priority support: we'll get back to you within 4 hours.",
      priority: true,
      reply_within_hours: 4,
    });
    expect(takeRateLimitSlot).toHaveBeenCalledWith(expect.objectContaining({ scope: 'support_message', subject: 'member-1', limit: 3 }));
    const stored = vi.mocked(saveContactMessage).mock.calls[0]![0];
    expect(stored).toMatchObject({ priority: true, sender: { user_id: 'member-1', workspace_id: 'biz-1', plan: 'business' } });
    expect(Date.parse(stored.respond_by) - Date.parse(stored.created_at)).toBe(4 * 3_600_000);
  });

  it('does not mark priority for a signed-in sender on a plan without it, nor for an address typed on the public form', async () => {
    await expect(submitContact({ input, ctx: caller({ subscription_tier: 'pro' }) })).resolves.toMatchObject({ priority: false, reply_within_hours: 24 });
    await expect(submitContact({ input: { ...input, email: 'owner@enterprise.example' } })).resolves.toMatchObject({ priority: false });
    expect(vi.mocked(saveContactMessage).mock.calls.map(([message]) => message.priority)).toEqual([false, false]);
  });

  it('gives a sales question the contact page\'s 2-hour target', async () => {
    await expect(submitContact({ input: { ...input, subject: 'sales' } })).resolves.toMatchObject({
      message: "Message sent! We'll get back to you within 2 hours.",
      reply_within_hours: 2,
    });
  });

  it('tells a signed-in sender over the limit that it counts their account', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(false);
    await expect(submitContact({ input, ctx: caller() })).rejects.toMatchObject({
      status: 429,
      detail: expect.stringMatching(/^Too many messages from your account: at most 3 per hour\./),
    });
  });
});
