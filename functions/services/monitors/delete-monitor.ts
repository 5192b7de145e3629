import { notFound } from '../../../shared/errors.js';
import { eraseMonitorPartition } from '../../repositories/account-erasure-repository.js';
import { deleteMonitorWithinCap } from '../../repositories/monitor-repository.js';
import { closeIncidentOfUnwatchedMonitor, watchMonitorAgain } from '../../repositories/unwatched-monitor-incidents.js';
import { publishLive } from '../live/publish-live.js';
import { removeMonitorFromStatusPages } from '../status-pages/remove-monitor-from-pages.js';
import { dropMonitorFromWindows } from '../maintenance/delete-window.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { getUserMonitor } from '../../repositories/monitor-read-repository.js';
import { monitorTarget } from './monitor-audit.js';

/**
 * Deletes one of the caller's monitors and frees its place under the plan's cap; 404 if not theirs.
 * Its history partition (check results, rollups) is erased with it: nothing of a deleted monitor is
 * kept but its incidents in the user's history (docs/security.md, "Erasure"), none of them left
 * open. A result of a round still in flight may land after the erasure; it expires by the plan's
 * retention (TTL). The status pages that showed it drop its component, and maintenance windows
 * that named it leave it out from then on.
 */
export const deleteMonitor = async ({ ctx, monitorId }: { ctx: CallerContext; monitorId: string }): Promise<void> => {
  // Its open incident is resolved first, without a mail (docs/checks.md "Pausing, deleting,
  // disabling"): the state item that holds it goes with the monitor. Nothing is read or changed
  // for another user's id (the state item is under the caller's own partition).
  // Read for its name, which the audit log keeps after the monitor is gone.
  const monitor = await getUserMonitor(ctx.workspaceId, monitorId);
  await closeIncidentOfUnwatchedMonitor(ctx.workspaceId, monitorId, new Date());
  let deleted: boolean;
  try {
    deleted = await deleteMonitorWithinCap(ctx.workspaceId, monitorId);
  } catch (error) {
    // Still there (the caller may try again): its rounds must not stay held back meanwhile.
    await watchMonitorAgain(ctx.workspaceId, monitorId);
    throw error;
  }
  if (!deleted) throw notFound('Monitor');
  // It leaves the owner's status pages with it (docs/status-pages.md "Pages and components").
  await removeMonitorFromStatusPages(ctx.workspaceId, monitorId);
  await eraseMonitorPartition(monitorId);
  await dropMonitorFromWindows(ctx.workspaceId, monitorId, new Date());
  await publishLive(ctx.workspaceId, [{ type: 'monitor.changed', monitor_id: monitorId }]);
  await recordWorkspaceAudit(ctx, { action: 'monitor.deleted', ...monitorTarget({ id: monitorId, name: monitor?.name ?? monitorId }) });
};
