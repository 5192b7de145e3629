import { withOpenHours, type HourlyRollup } from '../../../shared/checks/rollups.js';
import { RECENT_INCIDENTS_COUNT, type DashboardStats } from '../../../shared/insights/schemas.js';
import { latestUserIncidents } from '../../repositories/incident-repository.js';
import { listUserMonitorsWithDayHours } from '../../repositories/monitor-read-repository.js';
import { listHourlyRollups } from '../../repositories/rollup-repository.js';
import type { CallerContext } from '../context.js';
import { combinedUptime, countMonitorStates, uptimeWindow, type UptimeWindow } from './dashboard-figures.js';
import { readPerMonitor } from './per-monitor-reads.js';

/**
 * A monitor's hours in the window: the closed ones and the unclosed ones (rollups.ts `unclosedList`).
 * Both come with the monitor from the one query of the user's monitor items: the closed hours of
 * the last day from its day item (keys.ts 8d), the unclosed ones from its state item. Only a monitor
 * checked before day items existed has its closed hours read from its rollup items (at most 25),
 * until its next hour closes. Never raw checks, so the cost is the same on day one and after a year.
 */
const hoursInWindow = async (
  entry: { monitor: { id: string }; openHours: HourlyRollup[]; dayHours: HourlyRollup[] | null; checked: boolean },
  window: UptimeWindow,
): Promise<HourlyRollup[]> => {
  if (!entry.checked) return [];
  const closed = entry.dayHours ?? (await listHourlyRollups(entry.monitor.id, window.fromHour, window.toHour));
  return withOpenHours(closed, entry.openHours);
};

/**
 * The dashboard's cards (docs/product-rules.md "Dashboard"): monitor counts, 24-hour uptime, and the
 * RECENT_INCIDENTS_COUNT most recently recorded incidents of any type and status.
 */
export const getDashboardStats = async ({ ctx, now = new Date() }: { ctx: CallerContext; now?: Date }): Promise<DashboardStats> => {
  const window = uptimeWindow(now);
  const [withHours, recentIncidents] = await Promise.all([
    listUserMonitorsWithDayHours(ctx.workspaceId),
    latestUserIncidents(ctx.workspaceId, RECENT_INCIDENTS_COUNT),
  ]);
  const monitors = withHours.map(({ monitor }) => monitor);
  const hours = await readPerMonitor(withHours, (entry) => hoursInWindow(entry, window));
  return {
    ...countMonitorStates(monitors),
    uptime_percentage: combinedUptime(hours, window),
    recent_incidents: recentIncidents,
  };
};
