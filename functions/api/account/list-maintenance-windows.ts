import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listWindowsOfCaller } from '../../services/maintenance/read-windows.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listWindowsOfCaller({ ctx })));
