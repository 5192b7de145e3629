import { ulid } from 'ulid';
import type { WorkspaceAuditAction } from '../../../shared/workspaces/audit.js';
import { putWorkspaceAuditEntry } from '../../repositories/workspace-audit-repository.js';
import { logger } from '../../observability/logger.js';
import type { CallerContext } from '../context.js';
import { recordApplicationError } from '../operations/record-application-error.js';

export interface AuditedChange {
  action: WorkspaceAuditAction;
  /** The kind of thing changed: `monitor`, `member`, `api_key`, ... */
  targetType: string;
  targetId?: string | null;
  /** What a reader recognises it by (a monitor's name, a member's e-mail). */
  targetLabel?: string | null;
  /** A few facts worth keeping (the new role, the fields changed); never a secret. */
  details?: Record<string, unknown> | null;
}

/**
 * Writes the workspace audit entry of a change that has happened (docs/teams.md "Audit log"): who
 * (the person, or the API key acting for the workspace), what, when and from which IP. The change
 * is done by then, so a failed write does not undo or fail it: it is logged and recorded for the
 * operators' error log, as the operator audit does (services/admin/audit.ts).
 */
export const recordWorkspaceAudit = async (ctx: CallerContext, change: AuditedChange, now = new Date()): Promise<void> =>
  writeAuditEntry(
    ctx.workspaceId,
    { id: ctx.userId, email: ctx.actorLabel ? null : ctx.profile.email, label: ctx.actorLabel ?? ctx.profile.name, ip: ctx.clientIp },
    change,
    now,
  );

/** Who acted, as an entry names them. */
export interface AuditActor {
  id: string;
  email: string | null;
  label: string;
  ip: string;
}

/** The actor of a change made through a one-click link in an alert: the link is the credential and names nobody. */
export const ONE_CLICK_LINK_ACTOR = { id: 'one-click-link', email: null, label: 'One-click link' } as const;

/**
 * Writes the audit entry of a change made without a session (docs/teams.md "Audit log"): an
 * incident acknowledged from the one-click link of an alert, whose actor is the link itself.
 */
export const recordLinkAudit = async (workspaceId: string, ip: string, change: AuditedChange, now = new Date()): Promise<void> =>
  writeAuditEntry(workspaceId, { ...ONE_CLICK_LINK_ACTOR, ip }, change, now);

const writeAuditEntry = async (workspaceId: string, actor: AuditActor, change: AuditedChange, now: Date): Promise<void> => {
  try {
    await putWorkspaceAuditEntry(workspaceId, {
      id: ulid(now.getTime()),
      at: now.toISOString(),
      action: change.action,
      actor_id: actor.id,
      actor_email: actor.email,
      actor_label: actor.label,
      ip: actor.ip,
      target_type: change.targetType,
      target_id: change.targetId ?? null,
      target_label: change.targetLabel ?? null,
      details: change.details ?? null,
    });
  } catch (error) {
    logger.error('Could not write a workspace audit entry', { action: change.action, workspaceId, error });
    await recordApplicationError({
      type: 'database_error',
      message: `Workspace audit entry for ${change.action} could not be written`,
      error,
      context: { action: change.action, workspace_id: workspaceId },
      userId: workspaceId,
    });
  }
};
