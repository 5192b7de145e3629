import { AdminUsersQuery } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listAdminUsers } from '../../services/admin/users.js';

export const handler = apiHandler({ query: AdminUsersQuery }, async ({ query }) => ok(await listAdminUsers(query)));
