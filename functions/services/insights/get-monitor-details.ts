import { hourBucket, unclosedList, withOpenHours } from '../../../shared/checks/rollups.js';
import { notFound } from '../../../shared/errors.js';
import {
  DETAIL_INCIDENTS,
  DETAIL_RECENT_CHECKS,
  DETAIL_UPTIME_WINDOWS,
  type MonitorDetails,
} from '../../../shared/insights/monitor-details.js';
import { latestCheckResults } from '../../repositories/check-result-repository.js';
import { listUserIncidents } from '../../repositories/incident-repository.js';
import { getMonitorForChecks } from '../../repositories/monitor-check-state-repository.js';
import { getUserMonitor } from '../../repositories/monitor-read-repository.js';
import { listHourlyRollups } from '../../repositories/rollup-repository.js';
import type { CallerContext } from '../context.js';
import { toExportedCheck } from './exported-check.js';
import { hourlySeries, uptimeWindows } from './monitor-detail-figures.js';

/**
 * One of the caller's monitors with its detail view (shared/insights/monitor-details.ts); 404 when
 * it is not theirs. Reads the rollups of the longest window (30 days: at most 721 small items in
 * one or two pages), the newest checks and the user's incidents; never all raw checks.
 */
export const getMonitorDetails = async ({
  ctx,
  monitorId,
  now = new Date(),
}: {
  ctx: CallerContext;
  monitorId: string;
  now?: Date;
}): Promise<MonitorDetails> => {
  const monitor = await getUserMonitor(ctx.workspaceId, monitorId);
  if (!monitor) throw notFound('Monitor');
  const from = new Date(now.getTime() - DETAIL_UPTIME_WINDOWS.last_30d * 3_600_000);
  const [closed, checkState, checks, incidents] = await Promise.all([
    listHourlyRollups(monitorId, hourBucket(from), hourBucket(now)),
    getMonitorForChecks(ctx.workspaceId, monitorId),
    latestCheckResults(ctx.workspaceId, monitorId, DETAIL_RECENT_CHECKS),
    listUserIncidents(ctx.workspaceId),
  ]);
  const hours = withOpenHours(closed, checkState ? unclosedList(checkState.hours) : []);
  return {
    monitor,
    uptime: uptimeWindows(hours, now),
    hourly: hourlySeries(hours, now),
    recent_checks: checks.map(toExportedCheck),
    incidents: incidents.filter((incident) => incident.monitor_id === monitorId).slice(0, DETAIL_INCIDENTS),
  };
};
