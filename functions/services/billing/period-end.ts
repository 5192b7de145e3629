import { POLICY } from '../../../shared/policies.js';
import { logger } from '../../observability/logger.js';
import { deleteDisabledMonitor, listDisabledMonitorsBefore } from '../../repositories/monitor-plan-repository.js';
import { removeMonitorFromStatusPages } from '../status-pages/remove-monitor-from-pages.js';
import { takeRateLimitSlot } from '../../repositories/rate-limit-repository.js';
import { getSubscription, listSubscriptionsEndedBy } from '../../repositories/subscription-repository.js';
import { dropMonitorFromWindows } from '../maintenance/delete-window.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { archiveDueIncidents } from '../retention/plan-retention.js';
import { fixedWindow, USER_SCOPES } from '../rate-limit.js';
import { handOverHeldCancellations } from './cancel-handover.js';
import { expireAbandonedCheckouts } from './expire-abandoned-checkouts.js';
import { providerFor } from './providers/index.js';
import { endSubscriptionFromRecord, syncSubscription } from './sync-subscription.js';

/**
 * The period-end backstop (docs/billing.md "Renewals and dunning"), every 15 minutes: each
 * subscription whose paid period has ended is read again from its provider and applied (a webhook
 * that never came); one set to cancel at period end ends on free; one the provider has not renewed
 * within the retry window (7 days) is cancelled at the provider and ends on free. Before that, a
 * cancellation held in our record is told to its provider a day before its period ends. Then the
 * checkouts given up on without a word are recorded as such (expire-abandoned-checkouts.ts), monitors
 * disabled more than 30 days ago are deleted, and the incidents of a Free grace that ended are archived
 * (docs/product-rules.md "Retention").
 */
const DAY_MS = 86_400_000;

/**
 * A subscription the run could not end, or one the provider refused to cancel (its customer may be
 * charged again), goes to the operators' error log as a `payment_error` (docs/admin.md): once per
 * user and day, as the run comes back every 15 minutes. Never throws.
 */
const recordPeriodEndFailure = async (userId: string, now: Date, message: string, error: unknown): Promise<void> => {
  try {
    const day = fixedWindow(now, DAY_MS / 1000);
    const first = await takeRateLimitSlot({ scope: USER_SCOPES.periodEndFailureLog, subject: userId, windowStart: day.start, windowEnd: day.end, limit: 1 });
    if (!first) return;
  } catch (countError) {
    logger.error('Could not count a period-end failure for the error log', { userId, error: countError });
    return;
  }
  await recordApplicationError({ type: 'payment_error', message, error, context: { job: 'billing_period_end' }, userId });
};

export interface PeriodEndSummary {
  checked: number;
  ended: number;
  purgedMonitors: number;
  /** Checkouts still pending after their window, now recorded as given up on. */
  abandonedCheckouts: number;
  /** Incidents archived at the end of a Free grace (docs/product-rules.md "Retention"). */
  archivedIncidents: number;
  failures: number;
}

export const runPeriodEnd = async (now: Date): Promise<PeriodEndSummary> => {
  const summary: PeriodEndSummary = { checked: 0, ended: 0, purgedMonitors: 0, abandonedCheckouts: 0, archivedIncidents: 0, failures: 0 };
  // First the cancellations we held (docs/billing.md "Resume and undo") whose provider must now be told.
  const handover = await handOverHeldCancellations(now);
  for (const userId of handover.failed) {
    summary.failures++;
    await recordPeriodEndFailure(userId, now, 'A held cancellation could not be handed to the provider; it is tried again on the next run', null);
  }
  for (const userId of await listSubscriptionsEndedBy(now)) {
    summary.checked++;
    try {
      const before = await getSubscription(userId);
      if (!before) continue;
      const provider = providerFor(before.gateway);
      // A provider that cannot be read does not keep a finished period going: our record decides below.
      await syncSubscription(provider, before.provider_subscription_id, now).catch((error: unknown) =>
        logger.error('Could not read a subscription from its provider', { userId, error }),
      );
      const record = await getSubscription(userId);
      if (!record || record.status === 'ended' || !record.current_period_end) continue;
      const periodEnd = new Date(record.current_period_end).getTime();
      if (now.getTime() < periodEnd) continue;
      const cancelled = record.cancel_at_period_end || record.scheduled_tier === 'free';
      const graceOver = now.getTime() >= periodEnd + POLICY.failedPaymentRetryDays * DAY_MS;
      if (!cancelled && !graceOver) continue;
      await provider.cancelNow(record.provider_subscription_id).catch(async (error: unknown) => {
        logger.error('The provider refused to end a subscription; ending it on our side', { userId, error });
        await recordPeriodEndFailure(userId, now, `The ${record.gateway} subscription could not be cancelled at the provider; it ended on our side only`, error);
      });
      await endSubscriptionFromRecord(record, cancelled ? 'cancelled' : 'payment_failed', record.provider_status, now);
      summary.ended++;
    } catch (error) {
      summary.failures++;
      logger.error('Period-end check failed', { userId, error });
      await recordPeriodEndFailure(userId, now, 'The billing period-end run could not end a subscription', error);
    }
  }
  const checkouts = await expireAbandonedCheckouts(now);
  summary.abandonedCheckouts = checkouts.abandoned;
  summary.failures += checkouts.failed;
  for (const { userId, monitorId } of await listDisabledMonitorsBefore(new Date(now.getTime() - POLICY.disabledMonitorsKeptDays * DAY_MS))) {
    if (!(await deleteDisabledMonitor(userId, monitorId))) continue;
    summary.purgedMonitors++;
    await removeMonitorFromStatusPages(userId, monitorId);
    // A purged monitor leaves its maintenance windows too (docs/maintenance.md "The model").
    await dropMonitorFromWindows(userId, monitorId, now);
  }
  // After the disabled monitors, so a purged monitor's incidents are not archived for nothing.
  try {
    summary.archivedIncidents = (await archiveDueIncidents(now)).archived;
  } catch (error) {
    summary.failures++;
    logger.error('Could not archive the incidents of a Free grace that ended', { error });
    await recordApplicationError({ type: 'database_error', message: 'The incident archive of a Free grace could not run; it is tried again on the next run', error, context: { job: 'billing_period_end' } });
  }
  if (summary.checked || summary.purgedMonitors || summary.abandonedCheckouts || summary.archivedIncidents) logger.info('Billing period-end run', { ...summary, now: now.toISOString() });
  return summary;
};
