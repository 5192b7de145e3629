import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listSlaMonths } from '../../services/sla/sla-reports.js';

/** GET /api/sla/reports: the months with a report (docs/sla-reports.md "Months"). */
export const handler = apiHandler(null, async ({ ctx }) => ok(listSlaMonths(ctx)));
