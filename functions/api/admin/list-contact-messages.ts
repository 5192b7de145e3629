import { AdminPagedQuery } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listSupportQueue } from '../../services/support/support-queue.js';

export const handler = apiHandler({ query: AdminPagedQuery }, async ({ query }) => ok(await listSupportQueue(query)));
