import { z } from 'zod';
import type { ChannelView } from '../alerts/schemas.js';
import type { AssertionKind, CheckOutcome, CheckTimings, ErrorCategory } from '../checks/check-result.js';
import type { Incident } from '../incidents/schemas.js';
import type { Monitor } from '../monitors/schemas.js';
import type { TierId } from '../tiers.js';

/** docs/product-rules.md "Dashboard": the Uptime card covers the last 24 hours and shows 100 before there is data. */
export const DASHBOARD_UPTIME_HOURS = 24;
export const DEFAULT_UPTIME_PERCENTAGE = 100;
/** How many of the newest incidents the Recent Incidents panel gets. */
export const RECENT_INCIDENTS_COUNT = 5;

/** GET /api/dashboard/stats (docs/product-rules.md "Dashboard"). */
export interface DashboardStats {
  /** Every monitor, paused ones included (the Total Monitors card). */
  total_monitors: number;
  /** Active and up (the Online card and page). */
  up_monitors: number;
  /** Active and down (the Offline card and page). Paused and never-checked monitors are neither. */
  down_monitors: number;
  /** Paused monitors (in the total, not checked). */
  paused_monitors: number;
  /** Up but slower than their slow threshold at the latest check (also in `up_monitors`). */
  slow_monitors: number;
  /** 0..100, two decimals; 100 when no monitor has data in the window. */
  uptime_percentage: number;
  /** The newest incidents of any type and status, newest first. */
  recent_incidents: Incident[];
}

/** The export kinds (docs/product-rules.md "Export"): GET /api/export/{kind}. */
export const EXPORT_KINDS = ['monitors', 'incidents'] as const;
export const ExportKind = z.enum(EXPORT_KINDS);
export type ExportKind = z.infer<typeof ExportKind>;

/** docs/product-rules.md "Export": the export holds the most recent 100 checks per monitor. */
export const EXPORT_CHECKS_PER_MONITOR = 100;

/** docs/product-rules.md "Export": "the file name contains the kind and the current date" (UTC): upwatch-monitors-2025-01-31.json. */
export const exportFileName = (kind: ExportKind, now: Date): string =>
  `upwatch-${kind}-${now.toISOString().slice(0, 10)}.json`;

/** A check's phase timings as the API shows them: `total` null when the check is not timed. */
export type ExportedTimings = Omit<CheckTimings, 'total'> & { total: number | null };

/** One region's check of a monitor in the export. Times are UTC ISO strings. */
export interface ExportedCheck {
  checked_at: string;
  region: string;
  outcome: CheckOutcome;
  status_code: number | null;
  /**
   * Seconds, as everywhere in the API; null for a check that is not timed: a heartbeat's round is
   * judged from the job's last ping (docs/checks.md "Heartbeat monitors"), so it has no response time.
   */
  response_time: number | null;
  error_category: ErrorCategory | null;
  /** A short technical note on a failure (e.g. "getaddrinfo ENOTFOUND shop.example"), else null. */
  message: string | null;
  /** Phase timings in milliseconds; null for a phase that did not happen (every one, total too, for a heartbeat). */
  timings_ms: ExportedTimings;
  /** The monitor's assertions this answer failed (docs/checks.md "Assertions"); empty when none. */
  failed_assertions: AssertionKind[];
}

export type ExportedMonitor = Monitor & { checks: ExportedCheck[] };

export interface MonitorsExport {
  kind: 'monitors';
  exported_at: string;
  monitors: ExportedMonitor[];
  /** The alert channels the monitors' `channel_ids` name, credentials masked (docs/alerts.md "API"). */
  channels: ChannelView[];
}

/** An incident a downgrade to Free archived (docs/product-rules.md "Retention"): only the export holds it. */
export type ArchivedIncident = Incident & { archived_at: string };

export interface IncidentsExport {
  kind: 'incidents';
  exported_at: string;
  incidents: Incident[];
  /** The archive, newest first, until each one's retention ends; empty when nothing was archived. */
  archived_incidents: ArchivedIncident[];
}

export type DataExport = MonitorsExport | IncidentsExport;

/** GET /api/retention (docs/product-rules.md "Retention"): what the workspace's plan keeps, and its archive. */
export interface RetentionSummary {
  tier: TierId;
  /** How long the plan keeps check results, rollups and ended incidents. */
  retention_days: number;
  /** Archived incidents still kept (only the incidents export holds them). */
  archived_incidents: number;
  /** When a downgrade to Free's grace ends and older incidents are archived; null: none running. */
  archive_due_at: string | null;
}
