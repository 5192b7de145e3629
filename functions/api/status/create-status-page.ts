import { CreateStatusPageInput } from '../../../shared/status-pages/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { createStatusPageOfCaller } from '../../services/status-pages/create-status-page.js';

export const handler = apiHandler(CreateStatusPageInput, async ({ ctx, body }) => created(await createStatusPageOfCaller({ ctx, input: body })));
