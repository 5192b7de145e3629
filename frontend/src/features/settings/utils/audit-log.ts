import type { WorkspaceAuditAction, WorkspaceAuditEntry, WorkspaceAuditFilter } from '@shared/workspaces/audit.js';

/** What the Audit log screen's filter form holds: an action, a person's id, and days (YYYY-MM-DD) in the viewer's zone. */
export interface AuditLogFilterForm {
  action: WorkspaceAuditAction | '';
  actor: string;
  fromDay: string;
  toDay: string;
}

export const NO_AUDIT_FILTERS: AuditLogFilterForm = { action: '', actor: '', fromDay: '', toDay: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
const offsetAt = (timeZone: string, instant: number): number => {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  for (const part of format.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(instant / 1000) * 1000;
};

/** The instant a day starts in `timeZone` (ISO 8601), or undefined for no day. */
export const dayStartIn = (day: string, timeZone: string, plusDays = 0): string | undefined => {
  const parts = DAY.exec(day);
  if (!parts) return undefined;
  const floating = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) + plusDays);
  // Twice: the offset at the first guess may differ from the one at midnight across a clock change.
  const guess = floating - offsetAt(timeZone, floating);
  return new Date(floating - offsetAt(timeZone, guess)).toISOString();
};

/**
 * The query the form asks for (docs/teams.md "Audit log"): the days are whole days in the viewer's
 * zone, so "to" is the start of the day after the last one chosen (the API's `to` is exclusive).
 */
export const auditLogQuery = (form: AuditLogFilterForm, timeZone: string): WorkspaceAuditFilter => {
  const from = dayStartIn(form.fromDay, timeZone);
  const to = dayStartIn(form.toDay, timeZone, 1);
  return {
    ...(form.action ? { action: form.action } : {}),
    ...(form.actor ? { actor: form.actor } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
};

/** Who did it, as the screen shows them: the name, with the e-mail address when there is one. */
export const auditActorText = (entry: Pick<WorkspaceAuditEntry, 'actor_label' | 'actor_email'>): string =>
  entry.actor_email ? `${entry.actor_label} (${entry.actor_email})` : entry.actor_label;

/** What it was done to: its name, else its id, else nothing (a change to the workspace as a whole). */
export const auditTargetText = (entry: Pick<WorkspaceAuditEntry, 'target_label' | 'target_id'>): string => entry.target_label ?? entry.target_id ?? '—';
