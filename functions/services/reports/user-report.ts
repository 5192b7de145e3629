import { withOpenHours } from '../../../shared/checks/rollups.js';
import { listUserIncidentsRecordedBetween } from '../../repositories/incident-repository.js';
import { listUserMonitorsWithOpenHours } from '../../repositories/monitor-read-repository.js';
import { listHourlyRollups } from '../../repositories/rollup-repository.js';
import { readPerMonitor } from '../insights/per-monitor-reads.js';
import { buildReportFigures, type ReportFigures, type ReportPeriod } from './report-figures.js';

/**
 * One user's report figures for a period: each monitor's closed hours in the period (rollup
 * items) merged with the hours its state item has not closed yet (rollups.ts `unclosedList`), and the incidents recorded in the
 * period. Never raw checks, so a weekly report costs a few small reads per monitor.
 */
export const buildUserReport = async (userId: string, period: ReportPeriod): Promise<ReportFigures> => {
  const [monitors, incidents] = await Promise.all([
    listUserMonitorsWithOpenHours(userId),
    listUserIncidentsRecordedBetween(userId, period.from, period.to),
  ]);
  const withHours = await readPerMonitor(monitors, async ({ monitor, openHours }) => ({
    monitor,
    hours: withOpenHours(await listHourlyRollups(monitor.id, period.fromHour, period.toHour), openHours),
  }));
  return buildReportFigures(period, withHours, incidents);
};
