import type { SubscriptionSummary } from '../../../shared/account/subscription.js';
import type { SubscriptionRecord } from '../../repositories/subscription-repository.js';
import { CANCEL_REVERSIBLE, resumeDecision } from './resume-rules.js';

/**
 * A live subscription as the user's Settings and the operator's user detail show it: how it is
 * paid, when the period ends, what is scheduled then and whether that can still be taken back
 * (docs/billing.md "Resume and undo"); null when there is none or it has ended. One builder, so
 * the two screens never describe the same subscription differently.
 */
export const subscriptionSummaryOf = (record: SubscriptionRecord | null, now = new Date()): SubscriptionSummary | null =>
  record && record.status !== 'ended'
    ? {
        gateway: record.gateway,
        billing_period: record.billing_period,
        status: record.status,
        current_period_end: record.current_period_end,
        cancel_at_period_end: record.cancel_at_period_end,
        scheduled_tier: record.scheduled_tier,
        resumable: resumeDecision(record, CANCEL_REVERSIBLE[record.gateway], now).ok,
      }
    : null;
