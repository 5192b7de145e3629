import {
  deleteItems,
  eraseAddressCounters,
  eraseMonitorPartition,
  eraseUserCounters,
  eraseUserPartitionExceptProfile,
  listIncidentTraces,
  listMonitorIdsOfUser,
} from '../../repositories/account-erasure-repository.js';
import { deleteIdentity } from '../../repositories/identity-repository.js';
import { deleteUserAndEmailClaim, markDeletionStarted } from '../../repositories/user-repository.js';
import { USER_SCOPES } from '../rate-limit.js';
import type { DeleteAccountInput } from '../../../shared/auth/schemas.js';
import type { CallerContext } from '../context.js';
import { confirmPassword } from './confirm-password.js';
import { ADDRESS_SCOPES } from './attempt-limits.js';

/** Monitor partitions erased at once; each erasure already keeps a few batch writes in flight. */
const PARALLEL_MONITORS = 4;

const forEachInGroups = async <T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
};

/**
 * Deletes the caller's account and every item of it, in an order that a retry can always finish:
 * 0. the current password (unless an earlier attempt already began), then the profile is marked
 *    `deletion_started_at`: from then on the handler chain answers 401 to every other route and the
 *    monitor transactions refuse new monitors, so nothing can be added while the rest is erased;
 * 1. each monitor's own partition (check results, rollups, ...): the monitors there are now, and
 *    every monitor the incident history names (deleted ones whose history was left behind);
 * 2. the alert-outbox entries of those incidents;
 * 3. the user's partition except the profile (monitors, state items, incidents, settings, locks);
 * 4. the per-address and per-user counters (sign-in attempts, mails sent, test notifications);
 * 5. the Cognito identity, so nobody can sign in any more;
 * 6. the profile and the e-mail claim, together.
 * Until step 6 the profile exists, so a DELETE that failed part-way can simply be sent again (the
 * chain lets this one route in: `finishesErasure`). After step 6 the same token gets 401 from every
 * signed-in route (functions/http/caller.ts). One-time tokens (by hash) are not reachable by user;
 * they expire within a day and lead nowhere once the profile is gone.
 */
export const deleteAccount = async ({
  ctx,
  input,
  clientIp,
}: {
  ctx: CallerContext;
  input: DeleteAccountInput;
  clientIp: string;
}): Promise<{ message: string }> => {
  const { profile } = ctx;
  // A session left open on a shared computer must not be enough to erase everything. A retry of an
  // erasure that began (and may have removed the identity already) was confirmed then.
  if (!profile.deletion_started_at) await confirmPassword({ email: profile.email, clientIp }, input.password, 'password');
  await markDeletionStarted(ctx.userId, new Date());

  const [current, traces] = await Promise.all([listMonitorIdsOfUser(ctx.userId), listIncidentTraces(ctx.userId)]);
  const monitorIds = [...new Set([...current, ...traces.monitorIds])];
  await forEachInGroups(monitorIds, PARALLEL_MONITORS, eraseMonitorPartition);
  await deleteItems(traces.outboxKeys);
  await eraseUserPartitionExceptProfile(ctx.userId);
  await eraseAddressCounters(profile.email, ADDRESS_SCOPES);
  await eraseUserCounters(ctx.userId, Object.values(USER_SCOPES));
  await deleteIdentity(ctx.userId);
  await deleteUserAndEmailClaim(ctx.userId, profile.email);

  return { message: 'Your account and all of its data have been deleted.' };
};
