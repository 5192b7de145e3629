import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { resolveApplicationError } from '../../services/admin/lists.js';
import { errorIdFrom } from './path-ids.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await resolveApplicationError({ ctx, errorId: errorIdFrom(pathParameters) })));
