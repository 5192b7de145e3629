import { z } from 'zod';
import { pipelineConfig } from '../checks/pipeline-config.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger } from '../observability/logger.js';
import { sweepDeliveries } from '../services/alerts/sweep-deliveries.js';

export const SweepEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/** Re-queues channel deliveries whose message was lost (services/alerts/sweep-deliveries.ts). */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  SweepEvent.parse(event ?? {});
  const summary = await sweepDeliveries({ now: new Date(), queueUrl: pipelineConfig().channelDeliveriesQueueUrl });
  if (summary.stuck > 0) logger.info('Swept the channel deliveries', { ...summary });
});
