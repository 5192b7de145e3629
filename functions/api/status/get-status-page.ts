import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getStatusPageOfCaller } from '../../services/status-pages/list-status-pages.js';
import { statusPageIdFrom } from '../../services/status-pages/page-id.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await getStatusPageOfCaller({ ctx, pageId: statusPageIdFrom(pathParameters) })));
