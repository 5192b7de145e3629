import { z } from 'zod';

/**
 * The workspace audit log's vocabulary (docs/teams.md "Audit log"): what was done, to what kind of
 * thing. Each area adds its actions here, so the screen's filter and the export know them all.
 */
export const WORKSPACE_AUDIT_ACTIONS = [
  'monitor.created',
  'monitor.updated',
  'monitor.deleted',
  'monitor.paused',
  'monitor.resumed',
  'monitors.bulk_uploaded',
  'monitor.heartbeat_url_regenerated',
  'status_page.created',
  'status_page.updated',
  'status_page.deleted',
  'channel.created',
  'channel.updated',
  'channel.deleted',
  'alert_rules.updated',
  'maintenance_window.created',
  'maintenance_window.updated',
  'maintenance_window.deleted',
  'incident.update_posted',
  'incident.acknowledged',
  'subscription.changed',
  'workspace.renamed',
  'member.invited',
  'invitation.revoked',
  'invitation.accepted',
  'member.role_changed',
  'member.removed',
  'member.left',
  'ownership.transferred',
  'api_key.created',
  'api_key.revoked',
] as const;

export type WorkspaceAuditAction = (typeof WORKSPACE_AUDIT_ACTIONS)[number];

/** How long an entry is kept (a year), after which DynamoDB's TTL removes it. */
export const WORKSPACE_AUDIT_RETENTION_DAYS = 365;

/** One entry as the API answers it. */
export interface WorkspaceAuditEntry {
  id: string;
  at: string;
  action: WorkspaceAuditAction;
  /** Who: the person (or, for an API key, the key's name and prefix). */
  actor_id: string;
  actor_email: string | null;
  actor_label: string;
  /** From which address (the client IP the caller check saw). */
  ip: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  details: Record<string, unknown> | null;
}

/** What each action says on the Audit log screen and in the export, in plain words. */
export const WORKSPACE_AUDIT_ACTION_LABELS: Record<WorkspaceAuditAction, string> = {
  'monitor.created': 'Created a monitor',
  'monitor.updated': 'Edited a monitor',
  'monitor.deleted': 'Deleted a monitor',
  'monitor.paused': 'Paused a monitor',
  'monitor.resumed': 'Resumed a monitor',
  'monitors.bulk_uploaded': 'Uploaded monitors from a CSV file',
  'monitor.heartbeat_url_regenerated': "Regenerated a heartbeat monitor's push URL",
  'status_page.created': 'Created a status page',
  'status_page.updated': 'Edited a status page',
  'status_page.deleted': 'Deleted a status page',
  'channel.created': 'Added an alert channel',
  'channel.updated': 'Edited an alert channel',
  'channel.deleted': 'Deleted an alert channel',
  'alert_rules.updated': 'Changed the alert rules',
  'maintenance_window.created': 'Scheduled a maintenance window',
  'maintenance_window.updated': 'Edited a maintenance window',
  'maintenance_window.deleted': 'Deleted a maintenance window',
  'incident.update_posted': 'Posted an incident update',
  'incident.acknowledged': 'Acknowledged an incident',
  'subscription.changed': 'Changed the plan',
  'workspace.renamed': 'Renamed the workspace',
  'member.invited': 'Invited a member',
  'invitation.revoked': 'Revoked an invitation',
  'invitation.accepted': 'Accepted an invitation',
  'member.role_changed': 'Changed a member’s role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the workspace',
  'ownership.transferred': 'Transferred ownership',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
};

/** Entries on one page of the list when the request names no `limit`, and the most it may ask for. */
export const WORKSPACE_AUDIT_PAGE = { default: 50, max: 100 } as const;

/** An absent filter: the screen sends none, a hand-written URL may send `action=`. */
const blankToUndefined = (value: unknown): unknown => (value === '' ? undefined : value);

const filterShape = {
  action: z.preprocess(blankToUndefined, z.enum(WORKSPACE_AUDIT_ACTIONS).optional()),
  /** The person's user id (an API key's entries carry the id of the person who created it). */
  actor: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Must be a user id').optional()),
  /** From this instant on (ISO 8601 with an offset; the screen sends the start of the viewer's first day). */
  from: z.preprocess(blankToUndefined, z.iso.datetime({ offset: true }).optional()),
  /** Before this instant (exclusive; the screen sends the start of the day after the last one chosen). */
  to: z.preprocess(blankToUndefined, z.iso.datetime({ offset: true }).optional()),
};

const fromBeforeTo = (f: { from?: string; to?: string }): boolean => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to);
const TO_AFTER_FROM = { message: 'Must be after from', path: ['to'] };

/** The filters of the export (docs/teams.md "Audit log"): by action, by person, by date range. */
export const WorkspaceAuditFilters = z.strictObject(filterShape).refine(fromBeforeTo, TO_AFTER_FROM);

/** GET /api/workspaces/current/audit-log: the filters, a page size and the previous page's `next_cursor`. */
export const WorkspaceAuditListQuery = z
  .strictObject({
    ...filterShape,
    cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
    limit: z.coerce.number().int().min(1).max(WORKSPACE_AUDIT_PAGE.max).optional(),
  })
  .refine(fromBeforeTo, TO_AFTER_FROM);

export type WorkspaceAuditFilter = z.output<typeof WorkspaceAuditFilters>;

/** Someone the person filter offers: a member of the workspace, or whoever acted in the entries listed. */
export interface WorkspaceAuditPerson {
  id: string;
  label: string;
  email: string | null;
}

/** One page of the log, newest first. */
export interface WorkspaceAuditList {
  entries: WorkspaceAuditEntry[];
  /** Pass back as `cursor` for the entries after these; null when there are no more. */
  next_cursor: string | null;
  /** On the first page only (no cursor): the people the person filter offers, by name; else empty. */
  people: WorkspaceAuditPerson[];
}

/** The export's columns, in order (docs/teams.md "Audit log"). */
export const WORKSPACE_AUDIT_CSV_COLUMNS = ['at', 'actor', 'actor_email', 'action', 'description', 'target_type', 'target', 'target_id', 'ip', 'details'] as const;
