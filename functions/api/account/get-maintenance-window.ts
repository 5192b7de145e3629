import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getWindowOfCaller } from '../../services/maintenance/read-windows.js';
import { windowIdFrom } from '../../services/maintenance/window-id.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await getWindowOfCaller({ ctx, windowId: windowIdFrom(pathParameters) })));
