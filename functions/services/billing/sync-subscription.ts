import { publishLive } from '../live/publish-live.js';
import { tierRank } from '../../../shared/billing/plans.js';
import { logger } from '../../observability/logger.js';
import { getSubscription, saveSubscription, type SubscriptionRecord } from '../../repositories/subscription-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { applyPlanRetention } from '../retention/plan-retention.js';
import { enforceSmallerPlan } from './apply-plan.js';
import { subscriptionReplacedEmail } from './billing-emails.js';
import { mailBillingNotice } from './billing-notice.js';
import { providerFor } from './providers/index.js';
import { refundReplacedSubscription } from './refund-replaced.js';
import type { PaymentProvider, ProviderSubscription } from './providers/payment-provider.js';
import { decide, type EndReason } from './subscription-decision.js';

/**
 * Applies the provider's current state of a subscription to our record and the user's tier: the
 * one path by which a webhook (and the period-end backstop) changes a tier. Re-reads and retries
 * when another handler saved the record in between, so concurrent events end in the state the
 * provider shows last.
 */
const ATTEMPTS = 5;

export const applyProviderSubscription = async (sub: ProviderSubscription, now: Date): Promise<void> => {
  if (!sub.userId) {
    logger.info('Ignored a subscription without an Upwatch user', { gateway: sub.gateway, subscriptionId: sub.id });
    return;
  }
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [record, profile] = await Promise.all([getSubscription(sub.userId), getUserProfile(sub.userId)]);
    // An account being erased changes nothing: the erasure cancelled its subscription itself, and
    // the provider's webhook that follows must not downgrade it, mail it or move the counters
    // (docs/billing.md "Account deletion"). saveSubscription refuses it too, for an erasure that
    // starts after this read.
    if (!profile || profile.deletion_started_at) return;
    const decision = decide(record, sub, profile.subscription_tier, now);
    if (decision.kind === 'ignore') return;
    const saved = await saveSubscription(decision.record, record?.version ?? null, { tier: decision.tier, endsAt: decision.endsAt });
    if (saved === 'no_profile') return;
    if (saved === 'conflict') continue;

    if (decision.replaces) {
      const old = decision.replaces;
      // The user bought a new plan: the old subscription must not be charged again.
      await providerFor(old.gateway)
        .cancelNow(old.provider_subscription_id)
        .catch((error: unknown) => logger.error('Could not cancel the replaced subscription', { userId: sub.userId, ...old, error }));
      if (record) {
        const replaced = { tier: record.tier, gateway: record.gateway };
        const refunded = await refundReplacedSubscription(record, now);
        await mailBillingNotice(profile, 'subscription_replaced', (reader) =>
          subscriptionReplacedEmail(reader, { old: replaced, current: { tier: decision.tier, gateway: sub.gateway }, refunded }),
        );
      }
    }
    // What is kept moves with the plan (docs/product-rules.md "Retention").
    await applyPlanRetention({ workspaceId: sub.userId, from: profile.subscription_tier, to: decision.tier, now });
    if (decision.change && tierRank(decision.tier) < tierRank(profile.subscription_tier)) {
      await enforceSmallerPlan({ profile, from: profile.subscription_tier, to: decision.tier, reason: decision.change, now });
    }
    // Open screens show the new plan, its limits and any monitor it disabled (docs/live-status.md "Pushes").
    await publishLive(sub.userId, [{ type: 'plan.changed' }]);
    return;
  }
  throw new Error(`Subscription ${sub.id} of ${sub.userId}: the record kept changing under ${ATTEMPTS} attempts`);
};

/** Reads a subscription from its provider and applies it. */
export const syncSubscription = async (provider: PaymentProvider, subscriptionId: string, now: Date): Promise<void> =>
  applyProviderSubscription(await provider.getSubscription(subscriptionId), now);

/**
 * Ends a subscription on our side from our own record (the period-end backstop, docs/billing.md
 * "Renewals and dunning"): the account moves to free with the same monitor rule. The provider was
 * told to cancel it already (or never renewed it).
 */
export const endSubscriptionFromRecord = async (record: SubscriptionRecord, reason: EndReason, providerStatus: string, now: Date): Promise<void> => {
  await applyProviderSubscription(
    {
      gateway: record.gateway,
      id: record.provider_subscription_id,
      userId: record.user_id,
      checkoutPaymentId: null,
      tier: record.tier,
      period: record.billing_period,
      state: 'ended',
      providerStatus: reason === 'payment_failed' ? `${providerStatus} (unpaid)` : providerStatus,
      currentPeriodEnd: record.current_period_end,
      cancelAtPeriodEnd: reason === 'cancelled',
    },
    now,
  );
};
