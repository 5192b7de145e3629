import { ApplicationErrorsQuery } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listAdminApplicationErrors } from '../../services/admin/lists.js';

export const handler = apiHandler({ query: ApplicationErrorsQuery }, async ({ query }) => ok(await listAdminApplicationErrors(query)));
