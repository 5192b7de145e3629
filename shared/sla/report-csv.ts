import type { SlaFigures } from './figures.js';
import type { SlaReport } from './report.js';

/**
 * The report as CSV (docs/sla-reports.md "CSV"): one table with a `section` column, so a
 * spreadsheet can filter it: `summary` rows (the workspace and each monitor), `incident` rows and
 * `response_time` rows (per monitor and region). Numbers are plain (minutes, percent, ms).
 */
const HEADER = [
  'section',
  'monitor_id',
  'monitor_name',
  'target_percent',
  'uptime_percent',
  'met',
  'counted_minutes',
  'maintenance_minutes',
  'downtime_minutes',
  'budget_minutes',
  'budget_left_minutes',
  'mttr_minutes',
  'mtbf_minutes',
  'incident_started_at',
  'incident_resolved_at',
  'incident_minutes',
  'region',
  'answers',
  'p50_ms',
  'p95_ms',
  'p99_ms',
] as const;

type Row = Partial<Record<(typeof HEADER)[number], string | number | boolean | null>>;

/** A cell quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused. */
const cell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const summaryRow = (monitorId: string, name: string, figures: SlaFigures): Row => ({
  section: 'summary',
  monitor_id: monitorId,
  monitor_name: name,
  target_percent: figures.target_percent,
  uptime_percent: figures.uptime_percent === null ? null : Number(figures.uptime_percent.toFixed(5)),
  met: figures.met,
  counted_minutes: figures.counted_minutes,
  maintenance_minutes: figures.maintenance_minutes,
  downtime_minutes: figures.downtime_minutes,
  budget_minutes: figures.budget_minutes,
  budget_left_minutes: figures.budget_left_minutes,
  mttr_minutes: figures.mttr_minutes,
  mtbf_minutes: figures.mtbf_minutes,
});

export const slaReportCsv = (report: SlaReport): string => {
  const rows: Row[] = [summaryRow('', report.workspace_name, report.workspace)];
  for (const section of report.monitors) rows.push(summaryRow(section.monitor_id, section.name, section.figures));
  for (const section of report.monitors) {
    for (const incident of section.figures.incidents) {
      rows.push({
        section: 'incident',
        monitor_id: section.monitor_id,
        monitor_name: section.name,
        incident_started_at: incident.started_at,
        incident_resolved_at: incident.resolved_at,
        incident_minutes: incident.duration_minutes,
      });
    }
    for (const region of section.figures.response_times) {
      rows.push({ section: 'response_time', monitor_id: section.monitor_id, monitor_name: section.name, ...region });
    }
  }
  return [HEADER.join(','), ...rows.map((row) => HEADER.map((name) => cell(row[name])).join(','))].join('\r\n') + '\r\n';
};
