import { tierRank } from '../../../shared/billing/plans.js';
import type { TierId } from '../../../shared/tiers.js';
import { isLiveSubscription, type SubscriptionRecord } from '../../repositories/subscription-repository.js';
import type { ProviderSubscription } from './providers/payment-provider.js';

/**
 * What the provider's current view of a subscription means for our record and the user's tier
 * (docs/billing.md "Subscription states"). Pure, so every order of events can be tried in unit
 * tests: whatever event arrived, the provider's state read now is what is applied.
 */
export type EndReason = 'cancelled' | 'payment_failed';

export type Decision =
  | { kind: 'ignore'; why: string }
  | {
      kind: 'save';
      record: Omit<SubscriptionRecord, 'version'>;
      tier: TierId;
      endsAt: string | null;
      /** Another live subscription of the user that this one replaces: cancel it at the provider. */
      replaces: Pick<SubscriptionRecord, 'gateway' | 'provider_subscription_id'> | null;
      /** Why the tier went down, when it did. */
      change: 'downgrade' | EndReason | null;
    };

export const decide = (record: SubscriptionRecord | null, sub: ProviderSubscription, currentTier: TierId, now: Date): Decision => {
  const same = record?.provider_subscription_id === sub.id;
  if (!sub.userId) return { kind: 'ignore', why: 'not an Upwatch subscription (no user in its metadata)' };

  if (sub.state === 'incomplete') return { kind: 'ignore', why: 'not paid yet' };
  // A late event of the subscription the live one replaced, read before its cancellation took:
  // it must not replace (and cancel, and refund) the newer one.
  if (!same && record?.replaced_subscription_id === sub.id) return { kind: 'ignore', why: 'replaced by a newer subscription' };

  if (sub.state === 'ended') {
    if (!same || !record) return { kind: 'ignore', why: 'an earlier subscription ended' };
    if (record.status === 'ended') return { kind: 'ignore', why: 'already ended' };
    const reason: EndReason =
      record.cancel_at_period_end || record.scheduled_tier === 'free' ? 'cancelled' : record.status === 'past_due' || /halted|unpaid/.test(sub.providerStatus) ? 'payment_failed' : 'cancelled';
    return {
      kind: 'save',
      record: { ...record, status: 'ended', provider_status: sub.providerStatus, scheduled_tier: null, updated_at: now.toISOString() },
      tier: 'free',
      endsAt: null,
      replaces: null,
      change: reason,
    };
  }

  if (!sub.tier || !sub.period) return { kind: 'ignore', why: 'the subscription is on a price that is not an Upwatch plan' };
  // An ended subscription never comes back (a stale read of an earlier state).
  if (same && record?.status === 'ended') return { kind: 'ignore', why: 'already ended' };

  const newPeriod = !same || (sub.currentPeriodEnd ?? '') > (record?.current_period_end ?? '');
  // Within a paid period the tier stays what was paid for; a scheduled change waits for the next period.
  const tier = newPeriod || !record ? sub.tier : record.tier;
  const scheduled = newPeriod ? null : (record?.scheduled_tier ?? null);
  const next: Omit<SubscriptionRecord, 'version'> = {
    user_id: sub.userId,
    gateway: sub.gateway,
    provider_subscription_id: sub.id,
    tier,
    billing_period: newPeriod || !record ? sub.period : record.billing_period,
    status: sub.state,
    provider_status: sub.providerStatus,
    // Past due: the provider may already show the unpaid next period; the user has paid up to the old end.
    current_period_end:
      sub.state === 'past_due' && same && record?.current_period_end ? record.current_period_end : (sub.currentPeriodEnd ?? record?.current_period_end ?? null),
    cancel_at_period_end: sub.cancelAtPeriodEnd || (same && !newPeriod && record!.cancel_at_period_end),
    scheduled_tier: scheduled,
    cancel_reason: same ? (record?.cancel_reason ?? null) : null,
    cancel_sent_to_provider: sub.cancelAtPeriodEnd || (same && !newPeriod && record!.cancel_sent_to_provider),
    replaced_subscription_id: same ? (record?.replaced_subscription_id ?? null) : (record?.provider_subscription_id ?? null),
    updated_at: now.toISOString(),
  };
  return {
    kind: 'save',
    record: next,
    tier,
    endsAt: next.current_period_end,
    replaces: !same && isLiveSubscription(record) ? { gateway: record.gateway, provider_subscription_id: record.provider_subscription_id } : null,
    change: tierRank(tier) < tierRank(currentTier) ? 'downgrade' : null,
  };
};
