import { V1_OPERATIONS } from '../../../shared/api/v1/operations.js';
import { apiHandler } from '../../http/api-handler.js';
import { created, ok } from '../../http/responses.js';
import { windowIdFrom } from '../../services/maintenance/window-id.js';
import {
  createV1MaintenanceWindow,
  deleteV1MaintenanceWindow,
  getV1MaintenanceWindow,
  listV1MaintenanceWindows,
  updateV1MaintenanceWindow,
} from '../../services/v1/maintenance-windows.js';
import { noContent } from './responses.js';

/** The /api/v1/maintenance-windows handlers (shared/api/v1/operations.ts). */
export const v1ListMaintenanceWindows = apiHandler(null, async ({ ctx }) => ok(await listV1MaintenanceWindows({ ctx })));

export const v1CreateMaintenanceWindow = apiHandler(V1_OPERATIONS.v1CreateMaintenanceWindow.body, async ({ ctx, body }) =>
  created(await createV1MaintenanceWindow({ ctx, input: body })));

export const v1GetMaintenanceWindow = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await getV1MaintenanceWindow({ ctx, windowId: windowIdFrom(pathParameters) })));

export const v1UpdateMaintenanceWindow = apiHandler(V1_OPERATIONS.v1UpdateMaintenanceWindow.body, async ({ ctx, body, pathParameters }) =>
  ok(await updateV1MaintenanceWindow({ ctx, windowId: windowIdFrom(pathParameters), input: body })));

export const v1DeleteMaintenanceWindow = apiHandler(null, async ({ ctx, pathParameters }) => {
  await deleteV1MaintenanceWindow({ ctx, windowId: windowIdFrom(pathParameters) });
  return noContent();
});
