import { AppError, notFound } from '../../../shared/errors.js';
import { heartbeatPath, type HeartbeatUrlView } from '../../../shared/monitors/types/heartbeat.js';
import { config } from '../../config.js';
import { getMonitorItem, replaceHeartbeatToken } from '../../repositories/heartbeat-repository.js';
import { storedTarget } from '../../repositories/monitor-items.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { newHeartbeatToken } from './heartbeat-token.js';

/** Tries before giving up when other requests keep changing the same monitor's secret. */
const ATTEMPTS = 3;

/**
 * POST /api/monitors/{id}/heartbeat-url: a new push secret for a heartbeat monitor, for an owner
 * who thinks the URL leaked (a shared script, a log, a screenshot; docs/checks.md "Heartbeat
 * monitors"). The old URL answers 404 from the same moment the new one works; the job must be given
 * the new URL. Another workspace's monitor is a 404; a monitor of another type is 400. Audited.
 */
export const regenerateHeartbeatUrl = async ({ ctx, monitorId }: { ctx: CallerContext; monitorId: string }): Promise<HeartbeatUrlView> => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const item = await getMonitorItem(ctx.workspaceId, monitorId);
    if (!item) throw notFound('Monitor');
    const target = storedTarget(item);
    if (target?.type !== 'heartbeat') throw new AppError('VALIDATION_FAILED', 'Only a heartbeat monitor has a push URL to regenerate');
    const next = newHeartbeatToken();
    if ((await replaceHeartbeatToken({ userId: ctx.workspaceId, monitorId, current: target.token, next })) === 'set') {
      await recordWorkspaceAudit(ctx, { action: 'monitor.heartbeat_url_regenerated', targetType: 'monitor', targetId: monitorId, targetLabel: String(item.name ?? '') });
      return { heartbeat_url: `${config().appUrl}${heartbeatPath(next)}` };
    }
  }
  throw new AppError('CONFLICT', 'The push URL was changed at the same time; please try again');
};
