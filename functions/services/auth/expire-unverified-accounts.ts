import { logger } from '../../observability/logger.js';
import {
  claimUnverifiedAccountForErasure,
  leaveUnverifiedIndex,
  listUnverifiedAccountsDue,
} from '../../repositories/unverified-account-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { eraseAccount } from './erase-account.js';

/** Accounts erased in one run at most; the next run (an hour later) takes the rest. */
export const UNVERIFIED_ACCOUNTS_PER_RUN = 100;

export interface ExpiryRunSummary {
  erased: number;
  kept: number;
  failures: number;
}

/**
 * The hourly sweep of accounts that never verified their address (docs/product-rules.md
 * "Unverified accounts"): each one past its deadline is claimed (only if still unverified, in one
 * conditional write) and erased like a deleted account, so its address is free to register again.
 * A profile verified some other way (an operator's edit) only leaves the index. One account that
 * fails does not stop the others; the erasure can run again from where it stopped (erase-account.ts).
 */
export const expireUnverifiedAccounts = async (now: Date): Promise<ExpiryRunSummary> => {
  const summary: ExpiryRunSummary = { erased: 0, kept: 0, failures: 0 };
  for (const userId of await listUnverifiedAccountsDue(now, UNVERIFIED_ACCOUNTS_PER_RUN)) {
    try {
      const profile = await getUserProfile(userId);
      if (!profile) continue;
      if (profile.email_verified || profile.is_operator) {
        await leaveUnverifiedIndex(userId);
        summary.kept += 1;
        continue;
      }
      if (!(await claimUnverifiedAccountForErasure(userId, now))) {
        summary.kept += 1;
        continue;
      }
      await eraseAccount(profile);
      summary.erased += 1;
    } catch (error) {
      summary.failures += 1;
      logger.error('Could not erase an account that was never verified; the next run tries again', { userId, error });
    }
  }
  if (summary.erased || summary.failures) logger.info('Unverified accounts expired', { ...summary });
  return summary;
};
