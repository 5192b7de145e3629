import { z } from 'zod';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { expireUnverifiedAccounts } from '../services/auth/expire-unverified-accounts.js';

/** The schedule's event: no input of its own, plus `scheduledTime` (infra/event-sources.ts). */
export const ExpiryEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/**
 * Erases the accounts whose address was never verified within the policy's days
 * (services/auth/expire-unverified-accounts.ts). "Now" is the tick's due time, so a test can act as
 * of a given moment. Fails the run when an account could not be erased, so it shows in the alarms.
 */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  const { scheduledTime } = ExpiryEvent.parse(event ?? {});
  const summary = await expireUnverifiedAccounts(scheduledTime ? new Date(scheduledTime) : new Date());
  if (summary.failures) throw new Error(`Unverified accounts: ${summary.failures} account(s) could not be erased; see the log`);
});
