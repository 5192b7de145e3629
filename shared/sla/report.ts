import type { SlaFigures } from './figures.js';

/**
 * One SLA report (docs/sla-reports.md "What a report holds"): the workspace's line and one section
 * per monitor, for a month or the month so far. The JSON the API answers, and what the PDF, the CSV
 * and the mail are drawn from.
 */
export interface SlaMonitorSection {
  monitor_id: string;
  name: string;
  url: string;
  figures: SlaFigures;
}

export interface SlaReport {
  workspace_name: string;
  /** `YYYY-MM`. */
  month: string;
  /** True for the month so far (the figures end now, not at the month's end). */
  partial: boolean;
  generated_at: string;
  workspace: SlaFigures;
  monitors: SlaMonitorSection[];
}

/** A month as people read it: "November 2026". */
export const monthTitle = (month: string): string =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A percentage with three decimals ("99.953 %"), or a dash without data. */
export const formatPercent = (value: number | null): string => (value === null ? '–' : `${value.toFixed(3)} %`);

/** Minutes as "2 h 05 min", "38.9 min"; negative ones with a minus. */
export const formatMinutes = (value: number | null): string => {
  if (value === null) return '–';
  const sign = value < 0 ? '-' : '';
  const minutes = Math.abs(value);
  if (minutes < 60) return `${sign}${minutes.toFixed(1)} min`;
  const hours = Math.floor(minutes / 60);
  return `${sign}${hours} h ${String(Math.round(minutes - hours * 60)).padStart(2, '0')} min`;
};

/** "Met", "Missed", or "No data". */
export const verdictText = (figures: SlaFigures): string => (figures.met === null ? 'No data' : figures.met ? 'Met' : 'Missed');

/** The file name of a report's download. */
export const reportFileName = (month: string, extension: 'pdf' | 'csv', monitorId?: string): string =>
  `upwatch-sla-${month}${monitorId ? `-${monitorId}` : ''}.${extension}`;
