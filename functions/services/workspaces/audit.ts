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
export const recordWorkspaceAudit = async (ctx: CallerContext, change: AuditedChange, now = new Date()): Promise<void> => {
  try {
    await putWorkspaceAuditEntry(ctx.workspaceId, {
      id: ulid(now.getTime()),
      at: now.toISOString(),
      action: change.action,
      actor_id: ctx.userId,
      actor_email: ctx.actorLabel ? null : ctx.profile.email,
      actor_label: ctx.actorLabel ?? ctx.profile.name,
      ip: ctx.clientIp,
      target_type: change.targetType,
      target_id: change.targetId ?? null,
      target_label: change.targetLabel ?? null,
      details: change.details ?? null,
    });
  } catch (error) {
    logger.error('Could not write a workspace audit entry', { action: change.action, workspaceId: ctx.workspaceId, error });
    await recordApplicationError({
      type: 'database_error',
      message: `Workspace audit entry for ${change.action} could not be written`,
      error,
      context: { action: change.action, workspace_id: ctx.workspaceId },
      userId: ctx.workspaceId,
    });
  }
};
