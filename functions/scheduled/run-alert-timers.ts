import { z } from 'zod';
import { pipelineConfig } from '../checks/pipeline-config.js';
import { config } from '../config.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger } from '../observability/logger.js';
import { runDueAlertTimers } from '../services/alerts/alert-timers.js';

export const TimersEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/** Sends the reminders and escalation steps that are due (services/alerts/alert-timers.ts). */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  TimersEvent.parse(event ?? {});
  const summary = await runDueAlertTimers({ now: new Date(), queueUrl: pipelineConfig().channelDeliveriesQueueUrl, appUrl: config().appUrl });
  if (summary.due > 0) logger.info('Ran alert timers', { ...summary });
});
