import { z } from 'zod';
import { DISPATCH_SHARDS } from '../../shared/checks/dispatch.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger, withLogKeys } from '../observability/logger.js';
import { addDispatcherTick } from '../observability/metrics.js';
import { dispatchChecks } from '../services/checks/dispatch-checks.js';

/**
 * The input each shard's schedule sends (EventBridge Scheduler target input; the local timer too).
 * `scheduledTime` is the tick's due time: EventBridge Scheduler fills it in from its
 * `<aws.scheduler.scheduled-time>` context attribute, the local timer passes its own. Without
 * it the tick covers the minute it runs in.
 */
export const DispatchEvent = z.object({
  shard: z.number().int().min(0).max(DISPATCH_SHARDS - 1),
  scheduledTime: z.iso.datetime({ offset: true }).optional(),
});

/** Each run counts its tick (DispatcherTicks, at the tick's due time) first: the missing-tick alarm reads it. */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  const { shard, scheduledTime } = DispatchEvent.parse(event);
  const now = new Date();
  const scheduledAt = scheduledTime ? new Date(scheduledTime) : now;
  addDispatcherTick(scheduledAt);
  const summary = await withLogKeys({ shard }, () => dispatchChecks({ shard, scheduledAt, now }));
  if (summary.due > 0) logger.info('Dispatched check rounds', { ...summary });
});
