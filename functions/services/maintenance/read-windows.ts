import { notFound } from '../../../shared/errors.js';
import { MAINTENANCE_LIMITS, type MaintenanceWindowList, type MaintenanceWindowView } from '../../../shared/maintenance/schemas.js';
import { getWindow, listWindows } from '../../repositories/maintenance-window-repository.js';
import type { CallerContext } from '../context.js';
import { MAINTENANCE_WINDOW_NOT_FOUND } from './window-id.js';
import { windowView } from './window-view.js';

/** GET /api/maintenance-windows: the caller's windows, oldest first, each with its next occurrences. */
export const listWindowsOfCaller = async ({ ctx }: { ctx: CallerContext }): Promise<MaintenanceWindowList> => {
  const now = new Date();
  return { windows: (await listWindows(ctx.workspaceId)).map((window) => windowView(window, now)), cap: MAINTENANCE_LIMITS.windowsPerAccount };
};

/** GET /api/maintenance-windows/{id}: one of the caller's windows; another user's is a 404. */
export const getWindowOfCaller = async ({ ctx, windowId }: { ctx: CallerContext; windowId: string }): Promise<MaintenanceWindowView> => {
  const window = await getWindow(ctx.workspaceId, windowId);
  if (!window) throw notFound(MAINTENANCE_WINDOW_NOT_FOUND);
  return windowView(window, new Date());
};
