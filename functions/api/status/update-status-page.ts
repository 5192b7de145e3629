import { UpdateStatusPageInput } from '../../../shared/status-pages/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { statusPageIdFrom } from '../../services/status-pages/page-id.js';
import { updateStatusPageOfCaller } from '../../services/status-pages/update-status-page.js';

export const handler = apiHandler(UpdateStatusPageInput, async ({ ctx, body, pathParameters }) =>
  ok(await updateStatusPageOfCaller({ ctx, pageId: statusPageIdFrom(pathParameters), input: body })));
