import { averageResponseTime, hourBucket, hourBucketStart, uptimePercentage, type HourlyRollup } from '../../../shared/checks/rollups.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import { displayState, type Monitor, type MonitorDisplayState } from '../../../shared/monitors/schemas.js';
import { roundPercentage } from '../insights/dashboard-figures.js';

/**
 * The figures of a daily or weekly report, kept pure: the service reads monitors, hourly rollups
 * and incidents, this counts them. Uptime comes from the rollups exactly as the dashboard's does
 * (hours without checks are gaps, never "up"); incidents are the outages (`down`) and slow spells
 * (`slow`) recorded in the period; a recovery (`up`) is the end of an outage, not another incident.
 */
export const REPORT_KINDS = ['daily', 'weekly'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_DAYS: Readonly<Record<ReportKind, number>> = { daily: 1, weekly: 7 };

const HOUR_MS = 3_600_000;

export interface ReportPeriod {
  kind: ReportKind;
  /** Inclusive, on an hour. */
  from: Date;
  /** Exclusive, on an hour. */
  to: Date;
  /** The first and last hour buckets of the period: the rollups to read. */
  fromHour: string;
  toHour: string;
}

/**
 * The period a run due at `scheduledAt` covers: the whole days before the hour it was due (at 9 AM
 * UTC, yesterday 9 AM to today 9 AM). From the due time, not the clock, so a late or repeated run
 * reports on the same period (and finds the reports it already sent).
 */
export const reportPeriod = (kind: ReportKind, scheduledAt: Date): ReportPeriod => {
  const to = Math.floor(scheduledAt.getTime() / HOUR_MS) * HOUR_MS;
  const from = to - REPORT_DAYS[kind] * 24 * HOUR_MS;
  return { kind, from: new Date(from), to: new Date(to), fromHour: hourBucket(new Date(from)), toHour: hourBucket(new Date(to - 1)) };
};

export interface MonitorReportRow {
  monitorId: string;
  name: string;
  url: string;
  state: MonitorDisplayState;
  /** 0..100 with two decimals (never a rounded-up 100); null without checks in the period. */
  uptimePercentage: number | null;
  /** Mean of the up rounds, whole milliseconds; null without any. */
  averageResponseMs: number | null;
  /** Decided rounds in the period. */
  checks: number;
  outages: number;
  slowSpells: number;
}

export interface ReportFigures {
  period: ReportPeriod;
  /** Worst uptime first (monitors without data last), then by name. */
  monitors: MonitorReportRow[];
  /** Mean of the monitors' uptimes, each monitor weighing the same (as the dashboard); null without data. */
  uptimePercentage: number | null;
  outages: number;
  slowSpells: number;
}

export interface MonitorHours {
  monitor: Pick<Monitor, 'id' | 'name' | 'url' | 'status' | 'is_up'>;
  /** Closed hours and the unclosed ones, merged (rollups.ts `withOpenHours`). */
  hours: readonly HourlyRollup[];
}

const checksIn = (hours: readonly HourlyRollup[], period: ReportPeriod): number =>
  hours
    .filter((hour) => hourBucketStart(hour.hour) >= period.from.getTime() && hourBucketStart(hour.hour) < period.to.getTime())
    .reduce((sum, hour) => sum + hour.checks, 0);

const byWorstUptime = (a: MonitorReportRow, b: MonitorReportRow): number => {
  if (a.uptimePercentage !== b.uptimePercentage) {
    if (a.uptimePercentage === null) return 1;
    if (b.uptimePercentage === null) return -1;
    return a.uptimePercentage - b.uptimePercentage;
  }
  return a.name.localeCompare(b.name);
};

export const buildReportFigures = (
  period: ReportPeriod,
  monitors: readonly MonitorHours[],
  /** The owner's incidents recorded in the period (any monitor; other monitors' are ignored). */
  incidents: readonly Pick<Incident, 'monitor_id' | 'alert_type'>[],
): ReportFigures => {
  const rows = monitors.map(({ monitor, hours }): MonitorReportRow => {
    const uptime = uptimePercentage(hours, period.from, period.to);
    const response = averageResponseTime(hours, period.from, period.to);
    const own = incidents.filter((incident) => incident.monitor_id === monitor.id);
    return {
      monitorId: monitor.id,
      name: monitor.name,
      url: monitor.url,
      state: displayState(monitor),
      uptimePercentage: uptime === null ? null : roundPercentage(uptime),
      averageResponseMs: response === null ? null : Math.round(response),
      checks: checksIn(hours, period),
      outages: own.filter((incident) => incident.alert_type === 'down').length,
      slowSpells: own.filter((incident) => incident.alert_type === 'slow').length,
    };
  });
  const measured = monitors
    .map(({ hours }) => uptimePercentage(hours, period.from, period.to))
    .filter((uptime): uptime is number => uptime !== null);
  return {
    period,
    monitors: rows.sort(byWorstUptime),
    uptimePercentage: measured.length ? roundPercentage(measured.reduce((sum, uptime) => sum + uptime, 0) / measured.length) : null,
    outages: rows.reduce((sum, row) => sum + row.outages, 0),
    slowSpells: rows.reduce((sum, row) => sum + row.slowSpells, 0),
  };
};

/** "99.95%", "100%", "—" (no data). */
export const formatUptime = (percent: number | null): string => (percent === null ? '—' : `${Number(percent.toFixed(2))}%`);
