import { hourBucket, uptimePercentage, type HourlyRollup } from '../../../shared/checks/rollups.js';
import { DASHBOARD_UPTIME_HOURS, DEFAULT_UPTIME_PERCENTAGE } from '../../../shared/insights/schemas.js';
import { displayState, type Monitor } from '../../../shared/monitors/schemas.js';

/** The dashboard's figures, kept pure: the service reads monitors and rollups, this counts them. */

export interface MonitorCounts {
  total_monitors: number;
  up_monitors: number;
  down_monitors: number;
  paused_monitors: number;
  slow_monitors: number;
}

/**
 * Online and Offline as the monitor cards show them (docs/product-rules.md "Monitors and their states"): active and up, active and down.
 * Paused monitors and active ones not yet checked count in the total only, so the Online and
 * Offline cards agree with the Online and Offline pages they link to.
 */
export const countMonitorStates = (
  monitors: readonly (Pick<Monitor, 'status' | 'is_up'> & Partial<Pick<Monitor, 'response_time' | 'slow_threshold'>>)[],
): MonitorCounts => {
  const states = monitors.map(displayState);
  const count = (...wanted: string[]) => states.filter((state) => wanted.includes(state)).length;
  // Degraded (slow) monitors are up: in the Online count, and counted again as slow.
  return {
    total_monitors: monitors.length,
    up_monitors: count('online', 'degraded'),
    down_monitors: count('offline'),
    paused_monitors: count('paused'),
    slow_monitors: count('degraded'),
  };
};

export interface UptimeWindow {
  from: Date;
  to: Date;
  /** The first and last hour buckets that overlap [from, to): the rollups to read (25 at most). */
  fromHour: string;
  toHour: string;
}

export const uptimeWindow = (now: Date): UptimeWindow => {
  const from = new Date(now.getTime() - DASHBOARD_UPTIME_HOURS * 3_600_000);
  return { from, to: now, fromHour: hourBucket(from), toHour: hourBucket(now) };
};

/**
 * A percentage with two decimals that never claims more than happened: 99.996 is not shown as a
 * perfect 100, and 0.004 not as a flat 0 (the nearest two-decimal value short of the edge instead).
 */
export const roundPercentage = (percent: number): number => {
  const rounded = Math.round(percent * 100) / 100;
  if (rounded >= 100 && percent < 100) return 99.99;
  if (rounded <= 0 && percent > 0) return 0.01;
  return rounded;
};

/**
 * The Uptime card: the mean of each monitor's uptime over the window, from its hourly rollups.
 * Each monitor weighs the same, whatever its interval: pooling the checks would let one site
 * checked every 30 s outweigh one checked hourly 120 to 1. Monitors without data in the window
 * (new, paused for a day) are gaps and left out; with no data at all the product's default, 100.
 */
export const combinedUptime = (hoursPerMonitor: readonly (readonly HourlyRollup[])[], window: UptimeWindow): number => {
  const uptimes = hoursPerMonitor
    .map((hours) => uptimePercentage(hours, window.from, window.to))
    .filter((uptime): uptime is number => uptime !== null);
  if (!uptimes.length) return DEFAULT_UPTIME_PERCENTAGE;
  return roundPercentage(uptimes.reduce((sum, uptime) => sum + uptime, 0) / uptimes.length);
};
