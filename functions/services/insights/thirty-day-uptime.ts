import { hourBucket, unclosedList, withOpenHours } from '../../../shared/checks/rollups.js';
import { DETAIL_UPTIME_WINDOWS } from '../../../shared/insights/monitor-details.js';
import { getMonitorForChecks } from '../../repositories/monitor-check-state-repository.js';
import { listHourlyRollups } from '../../repositories/rollup-repository.js';
import { uptimeWindows } from './monitor-detail-figures.js';

/**
 * A monitor's 30-day uptime exactly as its page shows it (get-monitor-details.ts): the same closed
 * hours plus the open one, through the same `uptimeWindows`, so a badge and the page never differ
 * (docs/status-pages.md "Badges"). `percent` is null when the 30 days hold no check; the answer is
 * null when the user has no such monitor.
 */
export const thirtyDayUptime = async (userId: string, monitorId: string, now: Date): Promise<{ percent: number | null } | null> => {
  const from = new Date(now.getTime() - DETAIL_UPTIME_WINDOWS.last_30d * 3_600_000);
  const [closed, checkState] = await Promise.all([listHourlyRollups(monitorId, hourBucket(from), hourBucket(now)), getMonitorForChecks(userId, monitorId)]);
  if (!checkState) return null;
  return { percent: uptimeWindows(withOpenHours(closed, unclosedList(checkState.hours)), now).last_30d };
};
