import { ulid } from 'ulid';
import { AppError, notFound } from '../../../shared/errors.js';
import { MAINTENANCE_LIMITS, MAINTENANCE_TEXTS, type MaintenanceWindowInput, type MaintenanceWindowView } from '../../../shared/maintenance/schemas.js';
import type { MaintenanceWindow } from '../../../shared/maintenance/windows.js';
import { createWindow, getWindow, replaceWindow } from '../../repositories/maintenance-window-repository.js';
import { markWindowDue } from '../../repositories/maintenance-boundary-repository.js';
import { listUserMonitors } from '../../repositories/monitor-read-repository.js';
import { getStatusPage } from '../../repositories/status-page-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { isStatusPageId } from '../status-pages/page-id.js';
import { MAINTENANCE_WINDOW_NOT_FOUND } from './window-id.js';
import { windowView } from './window-view.js';

/** Every id must be one of the caller's monitors; any other (someone else's, deleted, made up) is a 404. */
const assertOwnMonitors = async (userId: string, monitorIds: string[]): Promise<void> => {
  const own = new Set((await listUserMonitors(userId)).map((monitor) => monitor.id));
  if (monitorIds.some((id) => !own.has(id))) throw notFound('Monitor');
};

/** A page window's page must be one of the caller's pages; any other id is a 404, as for someone else's item. */
const assertOwnPage = async (userId: string, pageId: string): Promise<void> => {
  if (!isStatusPageId(pageId) || !(await getStatusPage(userId, pageId))) throw notFound('Status page');
};

/** What the window covers must be the caller's own: its monitors, or its whole status page (docs/maintenance.md "Validation"). */
const assertOwnCoverage = async (userId: string, input: MaintenanceWindowInput): Promise<void> => {
  if (input.status_page_id) await assertOwnPage(userId, input.status_page_id);
  else await assertOwnMonitors(userId, input.monitor_ids);
};

const fieldsOf = (input: MaintenanceWindowInput) => ({
  title: input.title,
  description: input.description,
  timezone: input.timezone,
  starts_at: input.starts_at,
  ends_at: input.ends_at,
  rrule: input.rrule,
  // A page window names no monitors: the boundary job reads the page's at each run (docs/maintenance.md "What a window does").
  monitor_ids: input.status_page_id ? [] : input.monitor_ids,
  status_page_id: input.status_page_id,
  mode: input.mode,
});

/** POST /api/maintenance-windows: a window over the caller's monitors or one of their status pages, within the account's cap (kept by the create's transaction). */
export const createWindowOfCaller = async ({ ctx, input }: { ctx: CallerContext; input: MaintenanceWindowInput }): Promise<MaintenanceWindowView> => {
  await assertOwnCoverage(ctx.workspaceId, input);
  const now = new Date();
  const window: MaintenanceWindow = {
    id: ulid(),
    user_id: ctx.workspaceId,
    ...fieldsOf(input),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const outcome = await createWindow(window, MAINTENANCE_LIMITS.windowsPerAccount);
  if (outcome === 'limit_reached') throw new AppError('FORBIDDEN', MAINTENANCE_TEXTS.limitReached);
  if (outcome === 'account_gone') throw new AppError('NOT_FOUND', 'Account not found');
  // The boundary job announces it and, if it is on now, starts it at its next run (docs/maintenance.md "What a window does").
  await markWindowDue(ctx.workspaceId, window.id, now);
  await recordWorkspaceAudit(ctx, { action: 'maintenance_window.created', targetType: 'maintenance_window', targetId: window.id, targetLabel: window.title });
  return windowView(window, now);
};

/** PUT /api/maintenance-windows/{id}: the whole window again; another user's window is a 404. */
export const updateWindowOfCaller = async ({
  ctx,
  windowId,
  input,
}: {
  ctx: CallerContext;
  windowId: string;
  input: MaintenanceWindowInput;
}): Promise<MaintenanceWindowView> => {
  const existing = await getWindow(ctx.workspaceId, windowId);
  if (!existing) throw notFound(MAINTENANCE_WINDOW_NOT_FOUND);
  await assertOwnCoverage(ctx.workspaceId, input);
  const now = new Date();
  const window: MaintenanceWindow = { ...existing, ...fieldsOf(input), updated_at: now.toISOString() };
  if (!(await replaceWindow(window))) throw notFound(MAINTENANCE_WINDOW_NOT_FOUND);
  await markWindowDue(ctx.workspaceId, window.id, now);
  await recordWorkspaceAudit(ctx, { action: 'maintenance_window.updated', targetType: 'maintenance_window', targetId: window.id, targetLabel: window.title });
  return windowView(window, now);
};
