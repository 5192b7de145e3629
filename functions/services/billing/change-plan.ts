import { AppError } from '../../../shared/errors.js';
import { countOf } from '../../../shared/texts.js';
import { canDowngrade, isPaidTier } from '../../../shared/billing/plans.js';
import type { CancelInput, CancelResponse, DowngradeInput, DowngradeResponse } from '../../../shared/billing/schemas.js';
import { tierOf, type TierId } from '../../../shared/tiers.js';
import { getSubscription, isLiveSubscription, saveProfilePlan, type SubscriptionRecord } from '../../repositories/subscription-repository.js';
import type { UserProfile } from '../../repositories/user-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { applyPlanRetention } from '../retention/plan-retention.js';
import { enforceSmallerPlan } from './apply-plan.js';
import { cancellationEmail, downgradeScheduledEmail } from './billing-emails.js';
import { mailBillingNotice } from './billing-notice.js';
import { providerFor } from './providers/index.js';
import { handoverAt, resumableUntil } from './resume-rules.js';
import { changeSubscriptionRecord } from './subscription-record-change.js';

/**
 * POST /api/subscription/downgrade and /cancel (docs/billing.md "Downgrades", "Cancel"). A paid
 * period is never cut short: with a live provider subscription the change is scheduled at the
 * period's end (the provider subscription is changed now, for the next period) whatever
 * `immediate` says. A paid tier with no provider subscription behind it (set by an operator) has
 * no period to wait for, so it changes at once and the answer says `immediate: true`. A scheduled
 * change is confirmed by mail; it can be taken back until the period ends (resume-subscription.ts).
 */

const formatDay = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** The change at once, for a paid tier no provider subscription pays for. */
const changeNow = async (profile: UserProfile, to: TierId, reason: 'downgrade' | 'cancelled', now: Date): Promise<number> => {
  await saveProfilePlan(profile.id, { tier: to, endsAt: null });
  await applyPlanRetention({ workspaceId: profile.id, from: profile.subscription_tier, to, now });
  return enforceSmallerPlan({ profile, from: profile.subscription_tier, to, reason, now });
};

/**
 * A cancellation at the period end: told to a provider that can take it back (Stripe) at once;
 * held in our record for one that cannot (Razorpay) until a day before the period end, when the
 * period-end job tells it (cancel-handover.ts), or at once when that day has come.
 */
const scheduleCancellation = async (record: SubscriptionRecord, reason: string | null, now: Date): Promise<void> => {
  const provider = providerFor(record.gateway);
  const sendNow = provider.cancelIsReversible || !record.current_period_end || now.getTime() >= handoverAt(record.current_period_end).getTime();
  if (sendNow) await provider.cancelAtPeriodEnd(record.provider_subscription_id);
  await changeSubscriptionRecord(record.user_id, { scheduled_tier: 'free', cancel_at_period_end: true, cancel_reason: reason, cancel_sent_to_provider: sendNow });
};

const monitorsOver = (profile: UserProfile, to: TierId): number => Math.max(0, profile.monitor_count - tierOf(to).monitorCap);

export const downgradeSubscription = async ({ ctx, input }: { ctx: CallerContext; input: DowngradeInput }): Promise<DowngradeResponse> => {
  const profile = ctx.account;
  const from = profile.subscription_tier;
  const to = input.target_tier;
  if (!canDowngrade(from, to)) {
    throw new AppError(
      'VALIDATION_FAILED',
      from === to ? `You are already on the ${tierOf(to).name} plan.` : `You cannot downgrade from ${tierOf(from).name} to ${tierOf(to).name}.`,
      [{ field: 'target_tier', message: 'Not a downgrade allowed from your plan' }],
    );
  }
  const now = new Date();
  const record = await getSubscription(profile.id);
  if (!isLiveSubscription(record)) {
    const disabled = await changeNow(profile, to, 'downgrade', now);
    await recordWorkspaceAudit(ctx, { action: 'subscription.changed', targetType: 'subscription', details: { change: 'downgrade', from, to, effective: 'now' } });
    return {
      immediate: true,
      effective_date: now.toISOString(),
      impact: { monitors_disabled: disabled },
      message: `Your plan was changed to ${tierOf(to).name} now.` + (disabled ? ` ${countOf(disabled, 'monitor')} ${disabled === 1 ? 'was' : 'were'} disabled.` : ''),
    };
  }
  const effective = record.current_period_end ?? now.toISOString();
  // What is already scheduled is not scheduled twice (Settings no longer offers it either); a
  // cancelled subscription ends on Free, and a paid plan could not be put back under it.
  if (record.cancel_at_period_end) {
    throw new AppError('CONFLICT', `Your subscription is already cancelled and ends on ${formatDay(effective)}.`);
  }
  if (record.scheduled_tier === to) {
    throw new AppError('CONFLICT', `Your downgrade to ${tierOf(to).name} is already scheduled for ${formatDay(effective)}.`);
  }
  const provider = providerFor(record.gateway);
  if (isPaidTier(to)) {
    await provider.changePlanAtPeriodEnd(await provider.getSubscription(record.provider_subscription_id), to, record.billing_period);
    await changeSubscriptionRecord(profile.id, { scheduled_tier: to, cancel_at_period_end: false, cancel_reason: input.reason ?? null });
  } else {
    await scheduleCancellation(record, input.reason ?? null, now);
  }
  await recordWorkspaceAudit(ctx, { action: 'subscription.changed', targetType: 'subscription', details: { change: 'downgrade', from, to, effective } });
  await mailBillingNotice(profile, 'downgrade_scheduled', (reader) =>
    downgradeScheduledEmail(reader, { from, to, effectiveAt: effective, monitorsOver: monitorsOver(profile, to) }),
  );
  return {
    immediate: false,
    effective_date: effective,
    impact: { monitors_disabled: monitorsOver(profile, to) },
    message: `Your downgrade to ${tierOf(to).name} is scheduled for ${formatDay(effective)}. Your ${tierOf(from).name} plan stays active until then.`,
  };
};

export const cancelSubscription = async ({ ctx, input }: { ctx: CallerContext; input: CancelInput }): Promise<CancelResponse> => {
  const profile = ctx.account;
  const now = new Date();
  const record = await getSubscription(profile.id);
  if (!isLiveSubscription(record)) {
    if (profile.subscription_tier === 'free') throw new AppError('CONFLICT', 'You have no paid subscription to cancel.');
    await changeNow(profile, 'free', 'cancelled', now);
    await recordWorkspaceAudit(ctx, { action: 'subscription.changed', targetType: 'subscription', details: { change: 'cancel', from: profile.subscription_tier, to: 'free', effective: 'now' } });
    return { immediate: true, effective_date: now.toISOString(), message: 'Your subscription was cancelled. You are on the Free plan now.' };
  }
  const effective = record.current_period_end ?? now.toISOString();
  if (record.cancel_at_period_end) {
    throw new AppError('CONFLICT', `Your subscription is already cancelled and ends on ${formatDay(effective)}.`);
  }
  await scheduleCancellation(record, input.reason ?? null, now);
  await recordWorkspaceAudit(ctx, { action: 'subscription.changed', targetType: 'subscription', details: { change: 'cancel', from: record.tier, to: 'free', effective } });
  const reversible = providerFor(record.gateway).cancelIsReversible;
  await mailBillingNotice(profile, 'cancellation', (reader) =>
    cancellationEmail(reader, { tier: record.tier, gateway: record.gateway, endsAt: effective, resumableUntil: resumableUntil(effective, reversible) }),
  );
  return {
    immediate: false,
    effective_date: effective,
    message: `Your subscription is cancelled and ends on ${formatDay(effective)}. Your ${tierOf(record.tier).name} plan stays active until then.`,
  };
};
