import { tierOf } from '../../../shared/tiers.js';
import type { PaymentGateway } from '../../../shared/billing/payments.js';
import type { SubscriptionRecord } from '../../repositories/subscription-repository.js';

/**
 * The rules of taking a scheduled change back (docs/billing.md "Resume and undo"), pure so every
 * state can be tried in unit tests.
 */

/**
 * Whether a provider can take back a cancellation at period end once told (the providers'
 * `cancelIsReversible`): Stripe can (`cancel_at_period_end: false`), Razorpay cannot.
 */
export const CANCEL_REVERSIBLE: Record<PaymentGateway, boolean> = { stripe: true, razorpay: false };

/**
 * How long before the period end a cancellation the provider cannot take back (Razorpay) is told
 * to it: a day, so the period-end job (every 15 minutes) has many runs to do it before the
 * provider would charge the next period.
 */
export const HELD_CANCEL_NOTICE_MS = 86_400_000;

const formatDay = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** The moment a held cancellation goes to the provider; from then on it can no longer be resumed. */
export const handoverAt = (periodEnd: string): Date => new Date(new Date(periodEnd).getTime() - HELD_CANCEL_NOTICE_MS);

/** Until when a cancellation can be resumed: the period end, or the handover for a provider that cannot take it back. */
export const resumableUntil = (periodEnd: string, reversible: boolean): string => (reversible ? periodEnd : handoverAt(periodEnd).toISOString());

/**
 * Whether the provider must be told of the record's cancellation now: at once when it can take it
 * back (Stripe), else from the handover on (Razorpay). Only an active subscription: one past due
 * is ended by the period-end job.
 */
export const cancellationDue = (record: SubscriptionRecord, reversible: boolean, now: Date): boolean =>
  record.cancel_at_period_end &&
  !record.cancel_sent_to_provider &&
  record.status === 'active' &&
  record.current_period_end !== null &&
  now.getTime() < new Date(record.current_period_end).getTime() &&
  (reversible || now.getTime() >= handoverAt(record.current_period_end).getTime());

/** What the resume call takes back: a cancellation (or downgrade to Free) or a downgrade to a paid plan. */
export type Undone = 'cancellation' | 'downgrade';

/** Why a resume is refused (409 detail), or what it undoes. */
export const resumeDecision = (
  record: SubscriptionRecord | null,
  reversible: boolean,
  now: Date,
): { ok: true; undone: Undone } | { ok: false; detail: string } => {
  if (!record || (record.status !== 'active' && record.status !== 'past_due')) {
    return { ok: false, detail: 'You have no subscription to resume.' };
  }
  const plan = tierOf(record.tier).name;
  if (!record.cancel_at_period_end && record.scheduled_tier === null) {
    return { ok: false, detail: `Your ${plan} subscription is not cancelled and no downgrade is scheduled: there is nothing to resume.` };
  }
  const end = record.current_period_end;
  if (end && now.getTime() >= new Date(end).getTime()) {
    return { ok: false, detail: `Your ${plan} subscription ended on ${formatDay(end)}. You can buy a plan again from Settings.` };
  }
  if (record.cancel_at_period_end) {
    if (!reversible && record.cancel_sent_to_provider) {
      return {
        ok: false,
        detail:
          `Your ${plan} subscription by UPI ends on ${formatDay(end ?? now.toISOString())} and its cancellation has already gone to Razorpay, ` +
          'which cannot take it back. You can buy a plan again once it has ended.',
      };
    }
    return { ok: true, undone: 'cancellation' };
  }
  return { ok: true, undone: 'downgrade' };
};
