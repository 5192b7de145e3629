import type { Incident } from '../incidents/schemas.js';
import type { Monitor } from '../monitors/schemas.js';
import type { ExportedCheck } from './schemas.js';

/**
 * GET /api/monitors/{id}: one monitor with what its detail view shows (beyond the first
 * call table): uptime over three windows, an hourly series for the response-time chart, the latest
 * checks per region with their phase timings, and the monitor's latest incidents.
 */
export const DETAIL_SERIES_HOURS = 7 * 24;
export const DETAIL_RECENT_CHECKS = 30;
export const DETAIL_INCIDENTS = 10;
export const DETAIL_UPTIME_WINDOWS = { last_24h: 24, last_7d: 7 * 24, last_30d: 30 * 24 } as const;

export type UptimeWindows = { [K in keyof typeof DETAIL_UPTIME_WINDOWS]: number | null };

/** One hour of the series; `checks` 0 means no data (a gap), and then both figures are null. */
export interface HourPoint {
  hour: string;
  checks: number;
  uptime: number | null;
  average_response_ms: number | null;
}

export interface MonitorDetails {
  monitor: Monitor;
  /** Percent, two decimals; null for a window without data (never shown as "up"). */
  uptime: UptimeWindows;
  /** The last DETAIL_SERIES_HOURS hours, oldest first, every hour present. */
  hourly: HourPoint[];
  /** Newest first, every region's answer. */
  recent_checks: ExportedCheck[];
  /** Newest first. */
  incidents: Incident[];
}
