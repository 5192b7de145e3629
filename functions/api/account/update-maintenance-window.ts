import { MaintenanceWindowInput } from '../../../shared/maintenance/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { updateWindowOfCaller } from '../../services/maintenance/save-window.js';
import { windowIdFrom } from '../../services/maintenance/window-id.js';

export const handler = apiHandler(MaintenanceWindowInput, async ({ ctx, body, pathParameters }) =>
  ok(await updateWindowOfCaller({ ctx, windowId: windowIdFrom(pathParameters), input: body })));
