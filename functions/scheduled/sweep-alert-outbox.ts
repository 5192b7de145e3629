import { z } from 'zod';
import { pipelineConfig } from '../checks/pipeline-config.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger } from '../observability/logger.js';
import { sweepOutbox } from '../services/alerts/sweep-outbox.js';

/** The schedule's event: no input of its own, plus `scheduledTime` (infra/event-sources.ts). */
export const SweepEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/** Re-queues alert-outbox entries whose message never led to a mail (services/alerts/sweep-outbox.ts). */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  SweepEvent.parse(event ?? {});
  // The clock, not the tick's due time: "stuck" is about how long entries have waited until now.
  const summary = await sweepOutbox({ now: new Date(), alertsQueueUrl: pipelineConfig().alertsQueueUrl });
  if (summary.stuck > 0) logger.info('Swept the alert outbox', { ...summary });
});
