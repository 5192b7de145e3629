import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { deleteWindowOfCaller } from '../../services/maintenance/delete-window.js';
import { windowIdFrom } from '../../services/maintenance/window-id.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await deleteWindowOfCaller({ ctx, windowId: windowIdFrom(pathParameters) })));
