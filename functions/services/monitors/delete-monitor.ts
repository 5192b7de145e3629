import { notFound } from '../../../shared/errors.js';
import { eraseMonitorPartition } from '../../repositories/account-erasure-repository.js';
import { deleteMonitorWithinCap } from '../../repositories/monitor-repository.js';
import { closeIncidentOfUnwatchedMonitor, watchMonitorAgain } from '../../repositories/unwatched-monitor-incidents.js';
import { publishLive } from '../live/publish-live.js';
import { dropMonitorFromWindows } from '../maintenance/delete-window.js';
import type { AuthContext } from '../context.js';

/**
 * Deletes one of the caller's monitors and frees its place under the plan's cap; 404 if not theirs.
 * Its history partition (check results, rollups) is erased with it: nothing of a deleted monitor is
 * kept but its incidents in the user's history (docs/security.md, "Erasure"), none of them left
 * open; maintenance windows that named it leave it out from then on. A result of a round still in flight may land after the erasure; it expires by the plan's
 * retention (TTL).
 */
export const deleteMonitor = async ({ ctx, monitorId }: { ctx: AuthContext; monitorId: string }): Promise<void> => {
  // Its open incident is resolved first, without a mail (docs/checks.md "Pausing, deleting,
  // disabling"): the state item that holds it goes with the monitor. Nothing is read or changed
  // for another user's id (the state item is under the caller's own partition).
  await closeIncidentOfUnwatchedMonitor(ctx.userId, monitorId, new Date());
  let deleted: boolean;
  try {
    deleted = await deleteMonitorWithinCap(ctx.userId, monitorId);
  } catch (error) {
    // Still there (the caller may try again): its rounds must not stay held back meanwhile.
    await watchMonitorAgain(ctx.userId, monitorId);
    throw error;
  }
  if (!deleted) throw notFound('Monitor');
  await eraseMonitorPartition(monitorId);
  await dropMonitorFromWindows(ctx.userId, monitorId, new Date());
  await publishLive(ctx.userId, [{ type: 'monitor.changed', monitor_id: monitorId }]);
};
