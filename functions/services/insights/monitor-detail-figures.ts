import { averageResponseTime, hourBucket, hourBucketStart, uptimePercentage, type HourlyRollup } from '../../../shared/checks/rollups.js';
import { DETAIL_SERIES_HOURS, DETAIL_UPTIME_WINDOWS, type HourPoint, type UptimeWindows } from '../../../shared/insights/monitor-details.js';
import { roundPercentage } from './dashboard-figures.js';

/** The detail view's figures, kept pure: the service reads the rollups, this shapes them. */

const HOUR_MS = 3_600_000;

/** Uptime over each window ending at `now`; null where the window has no data. */
export const uptimeWindows = (hours: readonly HourlyRollup[], now: Date): UptimeWindows => {
  const of = (windowHours: number) => {
    const uptime = uptimePercentage(hours, new Date(now.getTime() - windowHours * HOUR_MS), now);
    return uptime === null ? null : roundPercentage(uptime);
  };
  return { last_24h: of(DETAIL_UPTIME_WINDOWS.last_24h), last_7d: of(DETAIL_UPTIME_WINDOWS.last_7d), last_30d: of(DETAIL_UPTIME_WINDOWS.last_30d) };
};

/** Every hour of the last DETAIL_SERIES_HOURS up to `now`'s, oldest first, gaps included. */
export const hourlySeries = (hours: readonly HourlyRollup[], now: Date): HourPoint[] => {
  const byHour = new Map(hours.map((hour) => [hour.hour, hour]));
  const last = hourBucketStart(hourBucket(now));
  return Array.from({ length: DETAIL_SERIES_HOURS }, (_, i) => {
    const hour = hourBucket(new Date(last - (DETAIL_SERIES_HOURS - 1 - i) * HOUR_MS));
    const bucket = byHour.get(hour);
    if (!bucket || bucket.checks === 0) return { hour, checks: 0, uptime: null, average_response_ms: null };
    const start = new Date(hourBucketStart(hour));
    const end = new Date(start.getTime() + HOUR_MS);
    const average = averageResponseTime([bucket], start, end);
    return {
      hour,
      checks: bucket.checks,
      uptime: roundPercentage((bucket.ups / bucket.checks) * 100),
      average_response_ms: average === null ? null : Math.round(average),
    };
  });
};
