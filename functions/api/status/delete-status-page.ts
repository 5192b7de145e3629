import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { deleteStatusPageOfCaller } from '../../services/status-pages/delete-status-page.js';
import { statusPageIdFrom } from '../../services/status-pages/page-id.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await deleteStatusPageOfCaller({ ctx, pageId: statusPageIdFrom(pathParameters) })));
