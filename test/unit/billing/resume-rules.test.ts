import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '../../../functions/repositories/subscription-repository.js';
import { cancellationDue, handoverAt, resumableUntil, resumeDecision } from '../../../functions/services/billing/resume-rules.js';

/** docs/billing.md "Resume and undo": what can be taken back, and when a held cancellation goes to the provider. */
const END = '2031-05-01T10:00:00.000Z';
const record = (over: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  user_id: 'user-1',
  gateway: 'stripe',
  provider_subscription_id: 'sub_1',
  tier: 'business',
  billing_period: 'monthly',
  status: 'active',
  provider_status: 'active',
  current_period_end: END,
  cancel_at_period_end: false,
  scheduled_tier: null,
  cancel_reason: null,
  cancel_sent_to_provider: false,
  updated_at: '2031-04-01T10:00:00.000Z',
  version: 1,
  ...over,
});
const before = (ms: number) => new Date(new Date(END).getTime() - ms);
const HOUR = 3_600_000;

describe('resumeDecision', () => {
  it('takes back a cancellation and a scheduled downgrade before the period ends', () => {
    expect(resumeDecision(record({ cancel_at_period_end: true, scheduled_tier: 'free', cancel_sent_to_provider: true }), true, before(HOUR))).toEqual({ ok: true, undone: 'cancellation' });
    expect(resumeDecision(record({ scheduled_tier: 'pro' }), true, before(HOUR))).toEqual({ ok: true, undone: 'downgrade' });
    // A held Razorpay cancellation not yet handed over.
    expect(resumeDecision(record({ gateway: 'razorpay', cancel_at_period_end: true, scheduled_tier: 'free' }), false, before(2 * HOUR))).toEqual({ ok: true, undone: 'cancellation' });
  });

  it('refuses with a reason when there is nothing to take back', () => {
    expect(resumeDecision(null, true, before(HOUR))).toEqual({ ok: false, detail: 'You have no subscription to resume.' });
    expect(resumeDecision(record({ status: 'ended' }), true, before(HOUR))).toEqual({ ok: false, detail: 'You have no subscription to resume.' });
    expect(resumeDecision(record(), true, before(HOUR))).toEqual({
      ok: false,
      detail: 'Your Business subscription is not cancelled and no downgrade is scheduled: there is nothing to resume.',
    });
  });

  it('refuses once the period has ended, and a cancellation Razorpay already has', () => {
    expect(resumeDecision(record({ scheduled_tier: 'pro' }), true, new Date(END))).toMatchObject({ ok: false, detail: expect.stringMatching(/^Your Business subscription ended on May 1, 2031\./) });
    const handedOver = record({ gateway: 'razorpay', cancel_at_period_end: true, scheduled_tier: 'free', cancel_sent_to_provider: true });
    expect(resumeDecision(handedOver, false, before(HOUR))).toMatchObject({ ok: false, detail: expect.stringContaining('has already gone to Razorpay, which cannot take it back') });
    // Stripe can take back what it was told.
    expect(resumeDecision({ ...handedOver, gateway: 'stripe' }, true, before(HOUR))).toEqual({ ok: true, undone: 'cancellation' });
  });
});

describe('held cancellations', () => {
  it('go to a provider that cannot take them back a day before the period end, to one that can at once', () => {
    const held = record({ gateway: 'razorpay', cancel_at_period_end: true, scheduled_tier: 'free' });
    expect(handoverAt(END).toISOString()).toBe('2031-04-30T10:00:00.000Z');
    expect(cancellationDue(held, false, before(25 * HOUR))).toBe(false);
    expect(cancellationDue(held, false, before(24 * HOUR))).toBe(true);
    expect(cancellationDue(held, true, before(25 * HOUR))).toBe(true);
    expect(cancellationDue({ ...held, cancel_sent_to_provider: true }, false, before(HOUR))).toBe(false);
    expect(cancellationDue({ ...held, status: 'past_due' }, false, before(HOUR))).toBe(false);
    expect(cancellationDue(held, false, new Date(END))).toBe(false);
    expect(cancellationDue(record(), false, before(HOUR))).toBe(false);
  });

  it('can be resumed until the handover, or the period end where the provider can take them back', () => {
    expect(resumableUntil(END, true)).toBe(END);
    expect(resumableUntil(END, false)).toBe('2031-04-30T10:00:00.000Z');
  });
});

describe('subscription items saved before cancel_sent_to_provider was kept', () => {
  const legacyItem = (cancelAtPeriodEnd: boolean): Record<string, unknown> => {
    const { cancel_sent_to_provider: _sent, ...rest } = record({ gateway: 'razorpay', cancel_at_period_end: cancelAtPeriodEnd, scheduled_tier: cancelAtPeriodEnd ? 'free' : null });
    return { PK: 'USER#user-1', SK: 'SUBSCRIPTION', ...rest };
  };

  it('read a cancellation as already sent (it went to the provider at once then): not resumable, not handed over again', async () => {
    const { subscriptionRecordOf } = await import('../../../functions/repositories/subscription-repository.js');
    const cancelled = subscriptionRecordOf(legacyItem(true));
    expect(cancelled.cancel_sent_to_provider).toBe(true);
    const now = new Date(handoverAt(END).getTime() - 10 * 86_400_000);
    expect(resumeDecision(cancelled, false, now).ok).toBe(false);
    expect(cancellationDue(cancelled, false, handoverAt(END))).toBe(false);
    expect(subscriptionRecordOf(legacyItem(false)).cancel_sent_to_provider).toBe(false);
    // A record saved since keeps its own value.
    expect(subscriptionRecordOf({ ...legacyItem(true), cancel_sent_to_provider: false }).cancel_sent_to_provider).toBe(false);
  });
});
