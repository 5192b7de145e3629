import { ulid } from 'ulid';
import type { AdminAuditAction } from '../../../shared/admin/schemas.js';
import { putAuditEntry } from '../../repositories/audit-log-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { logger } from '../../observability/logger.js';
import type { AuthContext } from '../context.js';
import { recordApplicationError } from '../operations/record-application-error.js';

/**
 * Writes the audit entry of an operator action that has happened: who (the admin's id and e-mail),
 * what, when, before and after. The action is done by then, so a failure to write the entry does
 * not undo or fail it: it is logged and recorded as a `database_error` for operators to see.
 */
export const auditAdminAction = async (
  ctx: AuthContext,
  entry: {
    action: AdminAuditAction;
    targetUserId: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> => {
  const at = new Date();
  try {
    const admin = await getUserProfile(ctx.userId);
    await putAuditEntry({
      id: ulid(at.getTime()),
      at: at.toISOString(),
      admin_id: ctx.userId,
      admin_email: admin?.email ?? null,
      action: entry.action,
      target_user_id: entry.targetUserId,
      before: entry.before,
      after: entry.after,
    });
  } catch (error) {
    logger.error('Could not write an audit entry', { action: entry.action, adminId: ctx.userId, error });
    await recordApplicationError({
      type: 'database_error',
      message: `Audit entry for ${entry.action} could not be written`,
      error,
      context: { action: entry.action, admin_id: ctx.userId, target_user_id: entry.targetUserId },
      userId: entry.targetUserId,
    });
  }
};

/**
 * Writes the audit entry of an operator's read of a user's details (`user.view`) before the details
 * are answered: a read that could not be recorded is not served, so no operator sees a user's data
 * unaudited (docs/admin.md "Audit log").
 */
export const auditAdminRead = async (ctx: AuthContext, targetUserId: string): Promise<void> => {
  const at = new Date();
  const admin = await getUserProfile(ctx.userId);
  await putAuditEntry({
    id: ulid(at.getTime()),
    at: at.toISOString(),
    admin_id: ctx.userId,
    admin_email: admin?.email ?? null,
    action: 'user.view',
    target_user_id: targetUserId,
    before: null,
    after: null,
  });
};
