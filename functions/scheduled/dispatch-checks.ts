import { z } from 'zod';
import { DISPATCH_SHARDS } from '../../shared/checks/dispatch.js';
import { logInfo } from '../log.js';
import { dispatchChecks } from '../services/checks/dispatch-checks.js';

/** The input each shard's schedule sends (EventBridge Scheduler target input; the local timer too). */
export const DispatchEvent = z.object({ shard: z.number().int().min(0).max(DISPATCH_SHARDS - 1) });

export const handler = async (event: unknown): Promise<void> => {
  const { shard } = DispatchEvent.parse(event);
  const summary = await dispatchChecks({ shard, now: new Date() });
  if (summary.due > 0) logInfo('Dispatched check rounds', { ...summary });
};
