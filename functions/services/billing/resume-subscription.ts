import { AppError } from '../../../shared/errors.js';
import type { ResumeResponse } from '../../../shared/billing/schemas.js';
import { tierOf } from '../../../shared/tiers.js';
import { getSubscription } from '../../repositories/subscription-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { subscriptionResumedEmail } from './billing-emails.js';
import { mailBillingNotice } from './billing-notice.js';
import { providerFor } from './providers/index.js';
import { resumeDecision } from './resume-rules.js';
import { changeSubscriptionRecord } from './subscription-record-change.js';

const formatDay = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/**
 * POST /api/subscription/resume (docs/billing.md "Resume and undo"): takes back a cancellation or a
 * scheduled downgrade before the period ends, so the subscription renews on the plan paid for now.
 * The provider is told where it holds the schedule (Stripe: `cancel_at_period_end: false` and the
 * current price back; Razorpay: its scheduled plan change cancelled), our record where we hold it
 * (a Razorpay cancellation not yet handed over). Nothing to take back: 409 with the reason.
 */
export const resumeSubscription = async ({ ctx }: { ctx: CallerContext }): Promise<ResumeResponse> => {
  const profile = ctx.account;
  const now = new Date();
  const record = await getSubscription(profile.id);
  const provider = record ? providerFor(record.gateway) : null;
  const decision = resumeDecision(record, provider?.cancelIsReversible ?? true, now);
  if (!decision.ok) throw new AppError('CONFLICT', decision.detail);
  const live = record!;
  const sub = await provider!.getSubscription(live.provider_subscription_id);
  await provider!.keepCurrentPlan(sub, live.tier, live.billing_period);
  await changeSubscriptionRecord(profile.id, { scheduled_tier: null, cancel_at_period_end: false, cancel_reason: null, cancel_sent_to_provider: false });
  const renewsAt = live.current_period_end ?? now.toISOString();
  await recordWorkspaceAudit(ctx, { action: 'subscription.changed', targetType: 'subscription', details: { change: 'resume', undone: decision.undone, tier: live.tier } });
  await mailBillingNotice(profile, 'subscription_resumed', (reader) =>
    subscriptionResumedEmail(reader, { tier: live.tier, undone: decision.undone, renewsAt }),
  );
  const plan = tierOf(live.tier).name;
  return {
    tier: live.tier,
    current_period_end: renewsAt,
    undone: decision.undone,
    message:
      decision.undone === 'cancellation'
        ? `Your ${plan} subscription is resumed. It renews on ${formatDay(renewsAt)}.`
        : `You stay on the ${plan} plan. It renews on ${formatDay(renewsAt)} as before.`,
  };
};
