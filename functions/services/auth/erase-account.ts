import { listApiKeyLookupsOfWorkspace } from '../../repositories/api-key-repository.js';
import { adjustCounters, monitorStatusCounter, sumDeltas, tierCounter, type CounterDeltas } from '../../repositories/admin-counters-repository.js';
import {
  countHoldingsOfUser,
  deleteItems,
  eraseAddressCounters,
  eraseMonitorPartition,
  eraseUserCounters,
  eraseUserPartitionExceptProfile,
  listMonitorLookupsOfUser,
  listIncidentTraces,
  listMonitorIdsOfUser,
} from '../../repositories/account-erasure-repository.js';
import { listContactMessageKeysOf } from '../../repositories/contact-repository.js';
import { dropMembershipsOfFoundedWorkspace, leaveOtherWorkspaces } from '../../repositories/workspace-erasure-repository.js';
import { deleteIdentity } from '../../repositories/identity-repository.js';
import { listStatusPages, listStatusSlugKeysOfUser } from '../../repositories/status-page-repository.js';
import { eraseSubscribersOfPage } from '../../repositories/status-subscriber-repository.js';
import { pseudonymizePaymentsOfUser } from '../../repositories/payment-erasure-repository.js';
import { endSubscriptionOfErasedAccount } from '../billing/end-subscription-of-erased.js';
import { deleteUserAndEmailClaim, markDeletionStarted, type UserProfile } from '../../repositories/user-repository.js';
import { USER_SCOPES } from '../rate-limit.js';
import { ADDRESS_SCOPES } from './attempt-limits.js';

/** Monitor partitions erased at once; each erasure already keeps a few batch writes in flight. */
const PARALLEL_MONITORS = 4;

const forEachInGroups = async <T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
};

/**
 * Erases an account and every item of it, in an order that a retry can always finish. The user's
 * own deletion (DELETE /api/auth/delete-account) and an operator's (DELETE /api/admin/users/{id})
 * both run this (docs/security.md, "Erasure"):
 * 0. the profile is marked `deletion_started_at`: from then on the handler chain answers 401 to
 *    every route but the erasure itself, and the monitor transactions refuse new monitors, so
 *    nothing can be added while the rest is erased;
 * 0b. a subscription still alive at its provider is cancelled there (no charges after deletion);
 * 0c. the person leaves the workspaces others founded (a workspace they were the last owner of
 *    gets its founder back as owner), and the workspace they founded leaves its other members'
 *    switchers (docs/teams.md "Storage"); its member items go with the partition in step 3;
 * 1. each monitor's own partition (check results, rollups, ...): the monitors there are now, and
 *    every monitor the incident history names (deleted ones whose history was left behind);
 * 2. the alert-outbox entries of those incidents, and the lookup items of the user's monitors (a
 *    heartbeat's push secret, a badge token: outside the user's partitions, found through the monitors),
 *    and the slug lookups of the user's status pages (found through the pages), so their slugs are free again,
 *    and the contact messages the person sent (signed in, or from the public form with the account's address);
 * 2b. each status page's subscribers (their own partition, found through the pages; from step 0 on
 *    no address can subscribe: status-subscriber-repository.ts `addPendingSubscriber`);
 * 3. the user's partition except the profile and the payment records (monitors, state items,
 *    incidents, settings, locks, subscription); payments stay for the operator's revenue history;
 * 3a. those payment records get the account's pseudonym and lose any personal field (amounts,
 *    statuses and the revenue counters are unchanged);
 * 3b. each monitor's partition once more: a round in flight during step 1 may have stored a closed
 *    hour or a few rounds' history there. From step 0 on no round creates anything in the user's
 *    partition (a round that would is refused: round-items.ts `ownerGuards`),
 *    and after step 3 no round commits at all (its state item is gone);
 * 4. the per-address and per-user counters (sign-in attempts, mails sent, test notifications);
 * 5. the Cognito identity, so nobody can sign in any more;
 * 6. the profile and the e-mail claim, together;
 * 7. the operator counters lose what the account held (read before step 3).
 * Until step 6 the profile exists, so an erasure that failed part-way can simply be run again.
 * One-time tokens (by hash) are not reachable by user; they expire within a day and lead nowhere
 * once the profile is gone.
 */
export const eraseAccount = async (profile: UserProfile): Promise<void> => {
  const userId = profile.id;
  await markDeletionStarted(userId, new Date());
  await endSubscriptionOfErasedAccount(userId);
  await leaveOtherWorkspaces(userId);
  await dropMembershipsOfFoundedWorkspace(userId);
  const holdings = await countHoldingsOfUser(userId);
  const [current, traces] = await Promise.all([listMonitorIdsOfUser(userId), listIncidentTraces(userId)]);
  const monitorIds = [...new Set([...current, ...traces.monitorIds])];
  await forEachInGroups(monitorIds, PARALLEL_MONITORS, eraseMonitorPartition);
  await deleteItems([
    ...traces.outboxKeys,
    ...(await listMonitorLookupsOfUser(userId)),
    ...(await listStatusSlugKeysOfUser(userId)),
    // The workspace the account founded takes its API keys with it (docs/api.md "Authentication").
    ...(await listApiKeyLookupsOfWorkspace(userId)),
    // What the person wrote to support, signed in or with the account's address (their name, address and words).
    ...(await listContactMessageKeysOf({ userId, email: profile.email })),
  ]);
  for (const page of await listStatusPages(userId)) await eraseSubscribersOfPage(page.id);
  await eraseUserPartitionExceptProfile(userId);
  await pseudonymizePaymentsOfUser(userId);
  await forEachInGroups(monitorIds, PARALLEL_MONITORS, eraseMonitorPartition);
  await eraseAddressCounters(profile.email, ADDRESS_SCOPES);
  await eraseUserCounters(userId, Object.values(USER_SCOPES));
  await deleteIdentity(userId);
  await deleteUserAndEmailClaim(userId, profile.email);

  const monitorDeltas = Object.entries(holdings.monitorsByStatus).map(([status, count]): CounterDeltas => {
    const counter = monitorStatusCounter(status);
    return { monitors_total: -count, ...(counter ? { [counter]: -count } : {}) };
  });
  await adjustCounters(
    sumDeltas(
      // An operator's account was taken off the customer counters when it became one (docs/admin.md "Operator accounts").
      profile.is_operator ? {} : { users_total: -1, users_active: profile.is_active ? -1 : 0, [tierCounter(profile.subscription_tier)]: -1 },
      { incidents_total: -holdings.incidents, incidents_open: -holdings.openIncidents },
      ...monitorDeltas,
    ),
  );
};
