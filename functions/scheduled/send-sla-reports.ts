import { z } from 'zod';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger } from '../observability/logger.js';
import { sendSlaReports } from '../services/sla/send-sla-reports.js';

/**
 * The monthly SLA report job (infra/event-sources.ts `monthly-sla-report`, the 1st at 06:00 UTC):
 * `scheduledTime` fixes the month reported on (the one before it); a manual run without it reports
 * the month before the current one.
 */
export const SlaReportEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  const { scheduledTime } = SlaReportEvent.parse(event ?? {});
  const now = new Date();
  const summary = await sendSlaReports({ scheduledAt: scheduledTime ? new Date(scheduledTime) : now, now });
  logger.info('Sent SLA reports', { ...summary });
});
