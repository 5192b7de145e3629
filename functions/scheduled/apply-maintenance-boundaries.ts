import { z } from 'zod';
import { pipelineConfig } from '../checks/pipeline-config.js';
import { config } from '../config.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger } from '../observability/logger.js';
import { getWindow } from '../repositories/maintenance-window-repository.js';
import { runDueMaintenanceBoundaries } from '../services/maintenance/window-boundaries.js';

export const BoundariesEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/** Starts and ends the maintenance windows that are due (docs/maintenance.md "What a window does"). */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  BoundariesEvent.parse(event ?? {});
  const summary = await runDueMaintenanceBoundaries(new Date(), {
    loadWindow: getWindow,
    alertsQueueUrl: pipelineConfig().alertsQueueUrl,
    appUrl: config().appUrl,
  });
  if (summary.due > 0) logger.info('Applied maintenance boundaries', { ...summary });
});
