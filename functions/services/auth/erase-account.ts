import { adjustCounters, monitorStatusCounter, sumDeltas, tierCounter, type CounterDeltas } from '../../repositories/admin-counters-repository.js';
import {
  countHoldingsOfUser,
  eraseAddressCounters,
  eraseMonitorPartition,
  eraseUserPartitionExceptProfile,
  listMonitorIdsOfUser,
} from '../../repositories/account-erasure-repository.js';
import { deleteIdentity } from '../../repositories/identity-repository.js';
import { deleteUserAndEmailClaim, type UserProfile } from '../../repositories/user-repository.js';
import { ADDRESS_SCOPES } from './attempt-limits.js';

/** Monitor partitions erased at once; each erasure already keeps a few batch writes in flight. */
const PARALLEL_MONITORS = 4;

const forEachInGroups = async <T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
};

/**
 * Erases an account and every item of it, in an order that a retry can always finish. The user's
 * own deletion (DELETE /api/auth/delete-account) and an operator's (DELETE /api/admin/users/{id})
 * both run this:
 * 1. each monitor's own partition (check results, rollups, ...), found through the monitor items,
 *    which are still there;
 * 2. the user's partition except the profile (monitors, state items, incidents, settings, locks);
 * 3. the per-address counters (sign-in attempts, mails sent);
 * 4. the Cognito identity, so nobody can sign in any more;
 * 5. the profile and the e-mail claim, together;
 * 6. the operator counters lose what the account held (read before step 2).
 * Until step 5 the profile exists, so an erasure that failed part-way can simply be run again.
 * One-time tokens (by hash) and alert-outbox entries are not reachable by user; tokens expire
 * within a day and lead nowhere once the profile is gone.
 */
export const eraseAccount = async (profile: UserProfile): Promise<void> => {
  const userId = profile.id;
  const holdings = await countHoldingsOfUser(userId);
  const monitorIds = await listMonitorIdsOfUser(userId);
  await forEachInGroups(monitorIds, PARALLEL_MONITORS, eraseMonitorPartition);
  await eraseUserPartitionExceptProfile(userId);
  await eraseAddressCounters(profile.email, ADDRESS_SCOPES);
  await deleteIdentity(userId);
  await deleteUserAndEmailClaim(userId, profile.email);

  const monitorDeltas = Object.entries(holdings.monitorsByStatus).map(([status, count]): CounterDeltas => {
    const counter = monitorStatusCounter(status);
    return { monitors_total: -count, ...(counter ? { [counter]: -count } : {}) };
  });
  await adjustCounters(
    sumDeltas(
      { users_total: -1, users_active: profile.is_active ? -1 : 0, [tierCounter(profile.subscription_tier)]: -1 },
      { incidents_total: -holdings.incidents, incidents_open: -holdings.openIncidents },
      ...monitorDeltas,
    ),
  );
};
