import { AdminPagedQuery } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listAdminContactMessages } from '../../services/admin/lists.js';

export const handler = apiHandler({ query: AdminPagedQuery }, async ({ query }) => ok(await listAdminContactMessages(query)));
