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
