import type { SlaFigures } from './figures.js';

/** What the SLA routes answer (docs/sla-reports.md "Routes"). */
export interface SlaTargetsView {
  /** The workspace's target, or the default when it never chose one. */
  target_percent: number;
  is_default: boolean;
  /** The targets the form offers. */
  choices: number[];
  /** Monitors with a target of their own. */
  monitors: { monitor_id: string; target_percent: number }[];
}

export interface SlaMonthList {
  /** The current month (`YYYY-MM`): its report is the month so far. */
  current: string;
  /** Finished months inside the plan's retention, newest first. */
  months: string[];
  retention_days: number;
}

/** GET /api/monitors/{id}/sla: the monitor page's "this month so far". */
export interface MonitorSlaMonth {
  month: string;
  figures: SlaFigures;
  /** The monitor's own target; null when the workspace's applies. */
  monitor_target_percent: number | null;
  /** The workspace's target (or the default): what "the workspace's" means in the monitor's choice. */
  workspace_target_percent: number;
  /** The targets the form offers. */
  choices: number[];
}
