import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listStatusPagesOfCaller } from '../../services/status-pages/list-status-pages.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listStatusPagesOfCaller({ ctx })));
