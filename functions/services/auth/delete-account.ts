import {
  eraseAddressCounters,
  eraseMonitorPartition,
  eraseUserPartitionExceptProfile,
  listMonitorIdsOfUser,
} from '../../repositories/account-erasure-repository.js';
import { deleteIdentity } from '../../repositories/identity-repository.js';
import { deleteUserAndEmailClaim } from '../../repositories/user-repository.js';
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
 * 1. each monitor's own partition (check results, rollups, ...), found through the monitor items,
 *    which are still there;
 * 2. the user's partition except the profile (monitors, state items, incidents, settings, locks);
 * 3. the per-address counters (sign-in attempts, mails sent);
 * 4. the Cognito identity, so nobody can sign in any more;
 * 5. the profile and the e-mail claim, together.
 * Until step 5 the profile exists, and the caller's access token is still accepted by the JWT
 * authorizer until it expires, so a DELETE that failed part-way can simply be sent again. After
 * step 5 the same token gets 401 from every signed-in route (functions/http/caller.ts).
 * One-time tokens (by hash) and alert-outbox entries are not reachable by user; tokens expire
 * within a day and lead nowhere once the profile is gone.
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
  // A session left open on a shared computer must not be enough to erase everything.
  await confirmPassword({ email: profile.email, clientIp }, input.password, 'password');

  const monitorIds = await listMonitorIdsOfUser(ctx.userId);
  await forEachInGroups(monitorIds, PARALLEL_MONITORS, eraseMonitorPartition);
  await eraseUserPartitionExceptProfile(ctx.userId);
  await eraseAddressCounters(profile.email, ADDRESS_SCOPES);
  await deleteIdentity(ctx.userId);
  await deleteUserAndEmailClaim(ctx.userId, profile.email);

  return { message: 'Your account and all of its data have been deleted.' };
};
