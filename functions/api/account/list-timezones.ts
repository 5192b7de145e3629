import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listTimezones } from '../../services/account/list-timezones.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listTimezones({ ctx })));
