import { withOpenHour, type HourlyRollup } from '../../../shared/checks/rollups.js';
import { RECENT_INCIDENTS_COUNT, type DashboardStats } from '../../../shared/insights/schemas.js';
import { latestUserIncidents } from '../../repositories/incident-repository.js';
import { listUserMonitorsWithOpenHour } from '../../repositories/monitor-repository.js';
import { listHourlyRollups } from '../../repositories/rollup-repository.js';
import type { AuthContext } from '../context.js';
import { combinedUptime, countMonitorStates, uptimeWindow, type UptimeWindow } from './dashboard-figures.js';
import { readPerMonitor } from './per-monitor-reads.js';

/**
 * A monitor's hours in the window: the closed ones (at most 25 rollup items) and the hour still
 * being counted, which comes with the monitor from its check state (rollups.ts). Never raw checks,
 * so the cost is the same on day one and after a year.
 */
const hoursInWindow = async (monitorId: string, openHour: HourlyRollup | null, window: UptimeWindow): Promise<HourlyRollup[]> =>
  withOpenHour(await listHourlyRollups(monitorId, window.fromHour, window.toHour), openHour);

/**
 * The dashboard's cards (spec §2 Dashboard Overview): monitor counts, 24-hour uptime, and the
 * RECENT_INCIDENTS_COUNT most recently recorded incidents of any type and status.
 */
export const getDashboardStats = async ({ ctx, now = new Date() }: { ctx: AuthContext; now?: Date }): Promise<DashboardStats> => {
  const window = uptimeWindow(now);
  const [withHours, recentIncidents] = await Promise.all([
    listUserMonitorsWithOpenHour(ctx.userId),
    latestUserIncidents(ctx.userId, RECENT_INCIDENTS_COUNT),
  ]);
  const monitors = withHours.map(({ monitor }) => monitor);
  const hours = await readPerMonitor(withHours, ({ monitor, openHour }) => hoursInWindow(monitor.id, openHour, window));
  return {
    ...countMonitorStates(monitors),
    uptime_percentage: combinedUptime(hours, window),
    recent_incidents: recentIncidents,
  };
};
