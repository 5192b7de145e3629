import { notFound } from '../../../shared/errors.js';
import { deleteMonitorWithinCap } from '../../repositories/monitor-repository.js';
import type { AuthContext } from '../context.js';

/** Deletes one of the caller's monitors and frees its place under the plan's cap; 404 if not theirs. */
export const deleteMonitor = async ({ ctx, monitorId }: { ctx: AuthContext; monitorId: string }): Promise<void> => {
  if (!(await deleteMonitorWithinCap(ctx.userId, monitorId))) throw notFound('Monitor');
};
