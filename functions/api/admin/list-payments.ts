import { AdminPaymentsQuery } from '../../../shared/admin/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listAdminPayments } from '../../services/admin/payments.js';

export const handler = apiHandler({ query: AdminPaymentsQuery }, async ({ query }) => ok(await listAdminPayments(query)));
