import type { AdminMonitor, AdminMonitorHoldInput } from '../../../shared/admin/schemas.js';
import { AppError, notFound } from '../../../shared/errors.js';
import { config } from '../../config.js';
import { countStatusChange } from '../../repositories/monitor-repository.js';
import { findMonitorById, liftOperatorHold, placeOperatorHold } from '../../repositories/monitor-hold-repository.js';
import { closeIncidentOfUnwatchedMonitor, watchMonitorAgain } from '../../repositories/unwatched-monitor-incidents.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { toMonitorRow } from '../../repositories/admin-monitor-repository.js';
import { getMonitorItems } from '../../repositories/monitor-items.js';
import type { AuthContext } from '../context.js';
import { toAdminMonitor } from './admin-views.js';
import { auditAdminAction } from './audit.js';
import { mailUserAboutOperatorAction, monitorHeldEmail, monitorReleasedEmail } from './operator-emails.js';

const MESSAGES = { pause: 'Monitor paused', disable: 'Monitor disabled', enable: 'Monitor enabled' } as const;

/**
 * POST /api/admin/monitors/{id}/hold (docs/admin.md "Monitor holds"): an operator pauses or
 * disables an abusive monitor for a reason, or enables it again. Out of (or back into) the check
 * schedule at once, an open incident closed without a mail as a pause does, counted, audited, and
 * the owner mailed with the reason.
 */
export const adminHoldMonitor = async ({
  ctx,
  monitorId,
  input,
}: {
  ctx: AuthContext;
  monitorId: string;
  input: AdminMonitorHoldInput;
}): Promise<{ monitor: AdminMonitor; message: string }> => {
  const item = await findMonitorById(monitorId);
  if (!item) throw notFound('Monitor');
  const userId = String(item.user_id);
  const now = new Date();

  let before: string | null;
  let after: string;
  if (input.action === 'enable') {
    before = await liftOperatorHold(userId, monitorId, Number(item.check_interval), now);
    if (before === null) throw new AppError('CONFLICT', 'This monitor is not paused or disabled by an operator');
    after = 'active';
    await watchMonitorAgain(userId, monitorId);
  } else {
    const hold = { action: input.action, reason: input.reason ?? '', at: now.toISOString() };
    before = await placeOperatorHold(userId, monitorId, hold);
    if (before === null) throw new AppError('CONFLICT', 'This monitor is already disabled');
    after = input.action === 'disable' ? 'disabled' : 'paused';
    if (before === 'active') await closeIncidentOfUnwatchedMonitor(userId, monitorId, now);
  }
  await countStatusChange(before, after);
  await auditAdminAction(ctx, {
    action: `monitor.${input.action}`,
    targetUserId: userId,
    before: { monitor_id: monitorId, monitor_name: String(item.name), status: before },
    after: { monitor_id: monitorId, status: after, ...(input.action === 'enable' ? {} : { reason: input.reason }) },
  });

  const owner = await getUserProfile(userId);
  if (owner) {
    const reader = { to: owner.email, appUrl: config().appUrl };
    const mail =
      input.action === 'enable'
        ? monitorReleasedEmail(reader, { monitorName: String(item.name) })
        : monitorHeldEmail(reader, { action: input.action, reason: input.reason ?? '', monitorName: String(item.name), monitorUrl: String(item.url) });
    await mailUserAboutOperatorAction(owner, mail, `monitor_${input.action}`);
  }
  const stored = await getMonitorItems(userId, monitorId);
  const row = toMonitorRow(stored?.monitor ?? item, stored?.state);
  return { monitor: toAdminMonitor(row, new Map(owner ? [[userId, owner]] : [])), message: MESSAGES[input.action] };
};
