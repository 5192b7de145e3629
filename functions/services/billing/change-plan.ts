import { AppError } from '../../../shared/errors.js';
import { countOf } from '../../../shared/texts.js';
import { canDowngrade, isPaidTier } from '../../../shared/billing/plans.js';
import type { CancelInput, CancelResponse, DowngradeInput, DowngradeResponse } from '../../../shared/billing/schemas.js';
import { tierOf, type TierId } from '../../../shared/tiers.js';
import { getSubscription, saveProfilePlan, saveSubscription, type SubscriptionRecord } from '../../repositories/subscription-repository.js';
import type { UserProfile } from '../../repositories/user-repository.js';
import type { CallerContext } from '../context.js';
import { enforceSmallerPlan } from './apply-plan.js';
import { providerFor } from './providers/index.js';

/**
 * POST /api/subscription/downgrade and /cancel (docs/billing.md "Downgrades", "Cancel"). A paid
 * period is never cut short: with a live provider subscription the change is scheduled at the
 * period's end (the provider subscription is changed now, for the next period) whatever
 * `immediate` says. A paid tier with no provider subscription behind it (set by an operator) has
 * no period to wait for, so it changes at once and the answer says `immediate: true`.
 */

const isLive = (record: SubscriptionRecord | null): record is SubscriptionRecord =>
  record !== null && (record.status === 'active' || record.status === 'past_due');

const formatDay = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

const ATTEMPTS = 5;

/** Saves what was scheduled on the record, re-reading when a webhook saved it in between. */
const scheduleOnRecord = async (userId: string, change: Pick<SubscriptionRecord, 'scheduled_tier' | 'cancel_at_period_end' | 'cancel_reason'>) => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const record = await getSubscription(userId);
    if (!record) return;
    const { version, ...rest } = record;
    const saved = await saveSubscription({ ...rest, ...change, updated_at: new Date().toISOString() }, version, null);
    if (saved !== 'conflict') return;
  }
  throw new Error(`The subscription of ${userId} kept changing while a change was scheduled`);
};

/** The change at once, for a paid tier no provider subscription pays for. */
const changeNow = async (profile: UserProfile, to: TierId, reason: 'downgrade' | 'cancelled', now: Date): Promise<number> => {
  await saveProfilePlan(profile.id, { tier: to, endsAt: null });
  return enforceSmallerPlan({ profile, from: profile.subscription_tier, to, reason, now });
};

const monitorsOver = (profile: UserProfile, to: TierId): number => Math.max(0, profile.monitor_count - tierOf(to).monitorCap);

export const downgradeSubscription = async ({ ctx, input }: { ctx: CallerContext; input: DowngradeInput }): Promise<DowngradeResponse> => {
  const profile = ctx.profile;
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
  if (!isLive(record)) {
    const disabled = await changeNow(profile, to, 'downgrade', now);
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
  const sub = await provider.getSubscription(record.provider_subscription_id);
  if (isPaidTier(to)) await provider.changePlanAtPeriodEnd(sub, to, record.billing_period);
  else await provider.cancelAtPeriodEnd(record.provider_subscription_id);
  await scheduleOnRecord(profile.id, { scheduled_tier: to, cancel_at_period_end: to === 'free', cancel_reason: input.reason ?? null });
  return {
    immediate: false,
    effective_date: effective,
    impact: { monitors_disabled: monitorsOver(profile, to) },
    message: `Your downgrade to ${tierOf(to).name} is scheduled for ${formatDay(effective)}. Your ${tierOf(from).name} plan stays active until then.`,
  };
};

export const cancelSubscription = async ({ ctx, input }: { ctx: CallerContext; input: CancelInput }): Promise<CancelResponse> => {
  const profile = ctx.profile;
  const now = new Date();
  const record = await getSubscription(profile.id);
  if (!isLive(record)) {
    if (profile.subscription_tier === 'free') throw new AppError('CONFLICT', 'You have no paid subscription to cancel.');
    await changeNow(profile, 'free', 'cancelled', now);
    return { immediate: true, effective_date: now.toISOString(), message: 'Your subscription was cancelled. You are on the Free plan now.' };
  }
  const effective = record.current_period_end ?? now.toISOString();
  if (record.cancel_at_period_end) {
    throw new AppError('CONFLICT', `Your subscription is already cancelled and ends on ${formatDay(effective)}.`);
  }
  await providerFor(record.gateway).cancelAtPeriodEnd(record.provider_subscription_id);
  await scheduleOnRecord(profile.id, { scheduled_tier: 'free', cancel_at_period_end: true, cancel_reason: input.reason ?? null });
  return {
    immediate: false,
    effective_date: effective,
    message: `Your subscription is cancelled and ends on ${formatDay(effective)}. Your ${tierOf(record.tier).name} plan stays active until then.`,
  };
};
