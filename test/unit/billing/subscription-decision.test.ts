import { describe, expect, it } from 'vitest';
import { canDowngrade, parsePriceLookupKey, planAmount, priceLookupKey } from '../../../shared/billing/plans.js';
import type { SubscriptionRecord } from '../../../functions/repositories/subscription-repository.js';
import { monitorsBeyondCap } from '../../../functions/repositories/monitor-plan-repository.js';
import type { ProviderSubscription } from '../../../functions/services/billing/providers/payment-provider.js';
import { decide } from '../../../functions/services/billing/subscription-decision.js';
import type { TierId } from '../../../shared/tiers.js';

const now = new Date('2030-01-01T00:00:00Z');
const periodEnd = '2030-02-01T00:00:00.000Z';

const providerState = (state: ProviderSubscription['state'], overrides: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  gateway: 'stripe',
  id: 'sub_1',
  userId: 'user-1',
  checkoutPaymentId: 'pay-1',
  tier: 'pro',
  period: 'monthly',
  state,
  providerStatus: state === 'ended' ? 'canceled' : state,
  currentPeriodEnd: state === 'incomplete' ? null : periodEnd,
  cancelAtPeriodEnd: false,
  ...overrides,
});

/** Applies events one after another the way the webhook handler does: each re-reads the provider's state. */
const run = (providerStates: ProviderSubscription[]) => {
  let record = null as SubscriptionRecord | null;
  let tier: TierId = 'free';
  for (const sub of providerStates) {
    const decision = decide(record, sub, tier, now);
    if (decision.kind === 'save') {
      record = { ...decision.record, version: (record?.version ?? 0) + 1 };
      tier = decision.tier;
    }
  }
  return { record, tier };
};

const permutations = <T>(items: T[]): T[][] =>
  items.length <= 1 ? [items] : items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));

describe('subscription decisions (docs/billing.md "Subscription states")', () => {
  it('ends on the provider state whatever the order of created / paid / updated / deleted events', () => {
    const events = ['created', 'paid', 'updated', 'deleted'];
    for (const order of permutations(events)) {
      // Every handler reads the provider's CURRENT state: after the deletion happened at the provider, every read says ended.
      const live = run(order.map(() => providerState('active')));
      expect(live.tier, order.join(',')).toBe('pro');
      const endedAtProvider = run([providerState('active'), ...order.map(() => providerState('ended'))]);
      expect(endedAtProvider.tier, order.join(',')).toBe('free');
    }
  });

  it('never brings an ended subscription back from a stale read', () => {
    expect(run([providerState('active'), providerState('ended'), providerState('active')]).tier).toBe('free');
  });

  it('ignores unpaid subscriptions, foreign ones and the end of a replaced one', () => {
    expect(run([providerState('incomplete')]).record).toBeNull();
    expect(run([providerState('active', { userId: null })]).record).toBeNull();
    const replaced = run([providerState('active'), providerState('active', { id: 'sub_2', tier: 'business' }), providerState('ended')]);
    expect(replaced.tier).toBe('business');
  });

  it('never lets a late event of the replaced subscription take the record back from the one that replaced it', () => {
    // Pro by card (sub_1), then Business by UPI (sub_2); an event of sub_1 read while its cancellation
    // was still on its way says it is active: it must not replace sub_2.
    const first = decide(null, providerState('active'), 'free', now);
    if (first.kind !== 'save') throw new Error('the first subscription was not saved');
    const second = decide({ ...first.record, version: 1 }, providerState('active', { id: 'sub_2', gateway: 'razorpay', tier: 'business' }), 'pro', now);
    if (second.kind !== 'save') throw new Error('the second subscription was not saved');
    expect(second.replaces).toEqual({ gateway: 'stripe', provider_subscription_id: 'sub_1' });
    expect(second.record.replaced_subscription_id).toBe('sub_1');
    const late = decide({ ...second.record, version: 2 }, providerState('active'), 'business', now);
    expect(late).toMatchObject({ kind: 'ignore', why: 'replaced by a newer subscription' });
    // The record keeps what it replaced across its own later events.
    const renewed = decide({ ...second.record, version: 2 }, providerState('active', { id: 'sub_2', gateway: 'razorpay', tier: 'business' }), 'business', now);
    expect(renewed.kind === 'save' && renewed.record.replaced_subscription_id).toBe('sub_1');
  });

  it('keeps the paid tier until the period ends, then takes the scheduled lower price', () => {
    const bought = run([providerState('active', { tier: 'business' })]);
    const scheduled = { ...bought.record!, scheduled_tier: 'pro' as TierId };
    const samePeriod = decide(scheduled, providerState('active', { tier: 'pro' }), 'business', now);
    expect(samePeriod).toMatchObject({ kind: 'save', tier: 'business', record: { scheduled_tier: 'pro' } });
    const nextPeriod = decide(scheduled, providerState('active', { tier: 'pro', currentPeriodEnd: '2030-03-01T00:00:00.000Z' }), 'business', now);
    expect(nextPeriod).toMatchObject({ kind: 'save', tier: 'pro', change: 'downgrade', record: { scheduled_tier: null } });
  });

  it('keeps the paid-through date while past due, and names a failed payment as the reason it ended', () => {
    const bought = run([providerState('active')]).record!;
    const pastDue = decide(bought, providerState('past_due', { currentPeriodEnd: '2030-03-01T00:00:00.000Z' }), 'pro', now);
    expect(pastDue).toMatchObject({ kind: 'save', tier: 'pro', endsAt: periodEnd });
    const record = { ...(pastDue as { record: Omit<SubscriptionRecord, 'version'> }).record, version: 2 };
    expect(decide(record, providerState('ended', { providerStatus: 'canceled' }), 'pro', now)).toMatchObject({ tier: 'free', change: 'payment_failed' });
  });
});

describe('plans', () => {
  it('prices card plans in USD cents and UPI plans in paise, yearly at the pricing page price', () => {
    expect(planAmount('pro', 'monthly', 'usd')).toBe(1900);
    expect(planAmount('pro', 'yearly', 'usd')).toBe(18200);
    expect(planAmount('business', 'monthly', 'inr')).toBe(399900);
    expect(parsePriceLookupKey(priceLookupKey('enterprise', 'yearly', 'usd'))).toEqual({ tier: 'enterprise', period: 'yearly' });
    expect(parsePriceLookupKey('someone_else')).toBeNull();
  });

  it('allows exactly the downgrades of docs/product-rules.md', () => {
    expect(canDowngrade('enterprise', 'business')).toBe(true);
    expect(canDowngrade('enterprise', 'free')).toBe(true);
    expect(canDowngrade('business', 'pro')).toBe(true);
    expect(canDowngrade('pro', 'free')).toBe(true);
    expect(canDowngrade('pro', 'business')).toBe(false);
    expect(canDowngrade('free', 'free')).toBe(false);
    expect(canDowngrade('business', 'enterprise')).toBe(false);
  });

  it('disables the newest monitors beyond the cap, skipping those already disabled', () => {
    const monitors = [
      { id: '01A', status: 'active' },
      { id: '01B', status: 'paused' },
      { id: '01C', status: 'disabled' },
      { id: '01D', status: 'active' },
    ];
    expect(monitorsBeyondCap(monitors, 1).map((monitor) => monitor.id)).toEqual(['01D', '01B']);
    expect(monitorsBeyondCap(monitors, 3)).toEqual([]);
  });
});
