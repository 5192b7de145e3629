import { notFound } from '../../../shared/errors.js';
import type { DeletedMaintenanceWindow } from '../../../shared/maintenance/schemas.js';
import { deleteWindow, getWindow, listWindows, replaceWindowMonitors } from '../../repositories/maintenance-window-repository.js';
import { markWindowDue } from '../../repositories/maintenance-boundary-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { MAINTENANCE_WINDOW_NOT_FOUND } from './window-id.js';

/** DELETE /api/maintenance-windows/{id}: the window goes; another user's is a 404. */
export const deleteWindowOfCaller = async ({ ctx, windowId }: { ctx: CallerContext; windowId: string }): Promise<DeletedMaintenanceWindow> => {
  // Read for its title, which the audit log keeps after the window is gone.
  const window = await getWindow(ctx.workspaceId, windowId);
  if (!window || !(await deleteWindow(ctx.workspaceId, windowId))) throw notFound(MAINTENANCE_WINDOW_NOT_FOUND);
  await recordWorkspaceAudit(ctx, { action: 'maintenance_window.deleted', targetType: 'maintenance_window', targetId: windowId, targetLabel: window.title });
  // The boundary job ends a running occurrence's stamps at its next run (docs/maintenance.md "What a window does").
  await markWindowDue(ctx.workspaceId, windowId, new Date());
  return { message: 'Maintenance window deleted.' };
};

/**
 * A deleted status page takes its page windows with it (docs/maintenance.md "The model"): a window
 * over a page that is gone covers nothing, and the page's delete dialog says they go. Each is
 * deleted as the owner would delete it, so the boundary job ends a running occurrence's stamps at
 * its next run. Returns how many went.
 */
export const deleteWindowsOfStatusPage = async (userId: string, pageId: string, now: Date): Promise<number> => {
  let deleted = 0;
  for (const window of (await listWindows(userId)).filter((candidate) => candidate.status_page_id === pageId)) {
    if (!(await deleteWindow(userId, window.id))) continue;
    await markWindowDue(userId, window.id, now);
    deleted++;
  }
  return deleted;
};

/** Tries per window before giving up on a list that keeps changing under us. */
const MAX_TRIES = 3;

/**
 * A deleted monitor leaves every window that named it (docs/maintenance.md "The model"). A window
 * left with no monitor stays, for the owner to point at others or delete.
 */
export const dropMonitorFromWindows = async (userId: string, monitorId: string, now: Date): Promise<void> => {
  for (const window of await listWindows(userId)) {
    let current = window.monitor_ids;
    for (let attempt = 1; attempt <= MAX_TRIES && current.includes(monitorId); attempt++) {
      if (await replaceWindowMonitors(userId, window.id, current, current.filter((id) => id !== monitorId), now)) break;
      const fresh = (await listWindows(userId)).find((candidate) => candidate.id === window.id);
      if (!fresh) break;
      current = fresh.monitor_ids;
    }
  }
};
