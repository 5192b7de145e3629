import { z } from 'zod';

/** GET /api/sla/reports/{month}'s query (docs/sla-reports.md "Routes"): the file format and, for one monitor's report, its id. */
export const SlaReportQuery = z.strictObject({
  format: z.enum(['json', 'pdf', 'csv']).default('json'),
  monitor: z.string().min(1).max(64).optional(),
});
export type SlaReportQuery = z.output<typeof SlaReportQuery>;
