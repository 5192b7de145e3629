import { logger } from '../../observability/logger.js';
import { getSubscription, listSubscriptionsEndedBy } from '../../repositories/subscription-repository.js';
import { providerFor } from './providers/index.js';
import { cancellationDue, HELD_CANCEL_NOTICE_MS } from './resume-rules.js';
import { changeSubscriptionRecord } from './subscription-record-change.js';

/**
 * Tells the provider of a cancellation our record holds, once it is due (docs/billing.md "Resume
 * and undo"): at once for Stripe, a day before the period end for Razorpay. Answers whether it did.
 */
export const sendCancellationIfDue = async (userId: string, now: Date): Promise<boolean> => {
  const record = await getSubscription(userId);
  if (!record) return false;
  const provider = providerFor(record.gateway);
  if (!cancellationDue(record, provider.cancelIsReversible, now)) return false;
  await provider.cancelAtPeriodEnd(record.provider_subscription_id);
  await changeSubscriptionRecord(userId, { cancel_sent_to_provider: true });
  return true;
};

/**
 * The period-end job's first step: each held cancellation whose period ends within a day goes to
 * its provider, so the provider does not charge the next period. A failure is logged and tried
 * again on the next run (every 15 minutes); the period-end step ends the subscription anyway.
 */
export const handOverHeldCancellations = async (now: Date): Promise<{ sent: number; failed: string[] }> => {
  const result = { sent: 0, failed: [] as string[] };
  for (const userId of await listSubscriptionsEndedBy(new Date(now.getTime() + HELD_CANCEL_NOTICE_MS))) {
    try {
      if (await sendCancellationIfDue(userId, now)) result.sent++;
    } catch (error) {
      logger.error('Could not hand a held cancellation to its provider', { userId, error });
      result.failed.push(userId);
    }
  }
  return result;
};
