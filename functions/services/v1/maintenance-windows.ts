/**
 * The public API's maintenance windows (docs/api.md "Maintenance windows"): the app's window
 * services in `ctx.workspaceId`, mapped to the v1 shape.
 */
import type { V1MaintenanceWindow, V1MaintenanceWindowList } from '../../../shared/api/v1/schemas.js';
import type { MaintenanceWindowInput } from '../../../shared/maintenance/schemas.js';
import type { CallerContext } from '../context.js';
import { deleteWindowOfCaller } from '../maintenance/delete-window.js';
import { getWindowOfCaller, listWindowsOfCaller } from '../maintenance/read-windows.js';
import { createWindowOfCaller, updateWindowOfCaller } from '../maintenance/save-window.js';
import { toV1MaintenanceWindow } from './mappers.js';

export const listV1MaintenanceWindows = async ({ ctx }: { ctx: CallerContext }): Promise<V1MaintenanceWindowList> => ({
  data: (await listWindowsOfCaller({ ctx })).windows.map(toV1MaintenanceWindow),
});

export const getV1MaintenanceWindow = async ({ ctx, windowId }: { ctx: CallerContext; windowId: string }): Promise<V1MaintenanceWindow> =>
  toV1MaintenanceWindow(await getWindowOfCaller({ ctx, windowId }));

export const createV1MaintenanceWindow = async ({ ctx, input }: { ctx: CallerContext; input: MaintenanceWindowInput }): Promise<V1MaintenanceWindow> =>
  toV1MaintenanceWindow(await createWindowOfCaller({ ctx, input }));

export const updateV1MaintenanceWindow = async ({ ctx, windowId, input }: { ctx: CallerContext; windowId: string; input: MaintenanceWindowInput }): Promise<V1MaintenanceWindow> =>
  toV1MaintenanceWindow(await updateWindowOfCaller({ ctx, windowId, input }));

export const deleteV1MaintenanceWindow = async ({ ctx, windowId }: { ctx: CallerContext; windowId: string }): Promise<void> => {
  await deleteWindowOfCaller({ ctx, windowId });
};
