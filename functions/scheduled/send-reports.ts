import { z } from 'zod';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger } from '../observability/logger.js';
import { REPORT_KINDS } from '../services/reports/report-figures.js';
import { sendReports } from '../services/reports/send-reports.js';

/**
 * The daily and weekly report jobs (infra/event-sources.ts: `{report}` plus `scheduledTime`, the
 * tick's due time, which fixes the period reported on). Without `scheduledTime` (a manual run)
 * the period ends at the current hour.
 */
export const ReportEvent = z.object({
  report: z.enum(REPORT_KINDS),
  scheduledTime: z.iso.datetime({ offset: true }).optional(),
});

export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  const { report, scheduledTime } = ReportEvent.parse(event);
  const now = new Date();
  const summary = await sendReports({ kind: report, scheduledAt: scheduledTime ? new Date(scheduledTime) : now, now });
  logger.info('Sent reports', { ...summary });
});
