import { notFound } from '../../../shared/errors.js';
import { eraseMonitorPartition } from '../../repositories/account-erasure-repository.js';
import { deleteMonitorWithinCap } from '../../repositories/monitor-repository.js';
import type { AuthContext } from '../context.js';

/**
 * Deletes one of the caller's monitors and frees its place under the plan's cap; 404 if not theirs.
 * Its history partition (check results, rollups) is erased with it: nothing of a deleted monitor is
 * kept but its incidents in the user's history (docs/security.md, "Erasure"). A result of a round
 * still in flight may land after the erasure; it expires by the plan's retention (TTL).
 */
export const deleteMonitor = async ({ ctx, monitorId }: { ctx: AuthContext; monitorId: string }): Promise<void> => {
  if (!(await deleteMonitorWithinCap(ctx.userId, monitorId))) throw notFound('Monitor');
  await eraseMonitorPartition(monitorId);
};
