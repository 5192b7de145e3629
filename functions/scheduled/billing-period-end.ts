import { z } from 'zod';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { runPeriodEnd } from '../services/billing/period-end.js';

/** The schedule's event: no input of its own, plus `scheduledTime` (infra/event-sources.ts). */
export const PeriodEndEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/**
 * Ends subscriptions whose paid period is over and purges monitors disabled 30 days ago
 * (services/billing/period-end.ts). "Now" is the tick's due time, so a test (or a late run) can
 * act as of a given moment. Fails the run when any subscription failed, so it shows in the alarms.
 */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  const { scheduledTime } = PeriodEndEvent.parse(event ?? {});
  const summary = await runPeriodEnd(scheduledTime ? new Date(scheduledTime) : new Date());
  if (summary.failures) throw new Error(`Billing period-end: ${summary.failures} subscription(s) failed; see the log`);
});
