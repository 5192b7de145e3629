import { describe, expect, it } from 'vitest';
import { cancellationEmail, downgradeScheduledEmail, subscriptionReplacedEmail, subscriptionResumedEmail } from '../../../functions/services/billing/billing-emails.js';

/** The confirmations of docs/billing.md "Resume and undo": what was scheduled, when, and until when it can be taken back. */
const reader = { to: 'asha@example.com', timezone: 'Asia/Kolkata', appUrl: 'https://app.example.com' };

describe('billing confirmations', () => {
  it('confirms a cancellation with the last day and the last day it can be resumed, in the reader\'s zone', () => {
    const mail = cancellationEmail(reader, { tier: 'business', gateway: 'razorpay', endsAt: '2031-05-01T20:00:00.000Z', resumableUntil: '2031-04-30T20:00:00.000Z' });
    expect(mail.subject).toBe('Upwatch: your Business subscription is cancelled');
    expect(mail.text).toContain('It stays active until May 2, 2031; then your account moves to the Free plan and you will not be charged again.');
    expect(mail.text).toContain('You can resume it in Settings until May 1, 2031.');
    expect(mail.text).toContain('UPI');
    expect(mail.text).toContain('https://app.example.com/settings?section=subscription');
  });

  it('confirms a scheduled downgrade, naming the monitors it will disable, and how to keep the plan', () => {
    const over = downgradeScheduledEmail(reader, { from: 'business', to: 'pro', effectiveAt: '2031-05-01T10:00:00.000Z', monitorsOver: 3 });
    expect(over.subject).toBe('Upwatch: your downgrade to Pro is scheduled');
    expect(over.text).toContain('Your Upwatch plan changes from Business to Pro on May 1, 2031. Your Business plan stays active until then.');
    expect(over.text).toContain('so 3 monitors of yours will be disabled on May 1, 2031 (the newest first)');
    expect(over.text).toContain('Choose "Keep Business" in Settings before May 1, 2031.');
    const none = downgradeScheduledEmail(reader, { from: 'business', to: 'pro', effectiveAt: '2031-05-01T10:00:00.000Z', monitorsOver: 0 });
    expect(none.text).not.toContain('will be disabled');
  });

  it('confirms a resume and a downgrade undone apart', () => {
    expect(subscriptionResumedEmail(reader, { tier: 'pro', undone: 'cancellation', renewsAt: '2031-05-01T10:00:00.000Z' }).text).toContain(
      'Your Upwatch Pro subscription is no longer cancelled.',
    );
    const kept = subscriptionResumedEmail(reader, { tier: 'business', undone: 'downgrade', renewsAt: '2031-05-01T10:00:00.000Z' });
    expect(kept.subject).toBe('Upwatch: your Business subscription continues');
    expect(kept.text).toContain('Your scheduled downgrade is undone: you stay on the Business plan.');
    expect(kept.text).toContain('It renews on May 1, 2031 at the same price, as before.');
  });

  it('says what of a replaced subscription was refunded, and where to, or nothing about money when none was', () => {
    const old = { tier: 'pro' as const, gateway: 'razorpay' as const };
    const current = { tier: 'business' as const, gateway: 'stripe' as const };
    const refunded = subscriptionReplacedEmail(reader, { old, current, refunded: { amount: 105300, currency: 'inr' } });
    expect(refunded.subject).toBe('Upwatch: your Pro subscription by UPI has ended');
    expect(refunded.text).toContain('The unused part of its period, ₹1,053.00, is refunded to your UPI account.');
    expect(refunded.text).toContain('You can see both payments and the refund in Settings.');
    const none = subscriptionReplacedEmail(reader, { old: { tier: 'pro', gateway: 'stripe' }, current, refunded: null });
    expect(none.text).not.toContain('refund');
  });
});
