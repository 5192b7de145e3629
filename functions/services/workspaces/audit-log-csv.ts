import { WORKSPACE_AUDIT_ACTION_LABELS, WORKSPACE_AUDIT_CSV_COLUMNS, type WorkspaceAuditEntry } from '../../../shared/workspaces/audit.js';
import { csvCell } from '../status-pages/subscribers/subscribers-csv.js';

/**
 * The audit log as a CSV document (docs/teams.md "Audit log"): a header row, then one entry a line,
 * newest first, CRLF line ends; times in UTC (ISO 8601), the action both as its code and in plain
 * words. Cells go through the subscriber export's `csvCell`, so a monitor or member name that
 * starts like a formula cannot run in the reader's spreadsheet.
 */
export const workspaceAuditCsv = (entries: readonly WorkspaceAuditEntry[]): string => {
  const rows = entries.map((entry) => [
    entry.at,
    entry.actor_label,
    entry.actor_email ?? '',
    entry.action,
    WORKSPACE_AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
    entry.target_type,
    entry.target_label ?? '',
    entry.target_id ?? '',
    entry.ip,
    entry.details ? JSON.stringify(entry.details) : '',
  ]);
  return [[...WORKSPACE_AUDIT_CSV_COLUMNS], ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
};
