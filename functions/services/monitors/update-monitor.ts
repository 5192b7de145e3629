import { publishLive } from '../live/publish-live.js';
import type { AlertRules } from '../../../shared/alerts/rules.js';
import { confirmRoundsOf } from '../../repositories/alert-rules-repository.js';
import { scheduleStartingSoon, type CheckSchedule } from '../../../shared/checks/dispatch.js';
import { AppError, notFound } from '../../../shared/errors.js';
import { operatorHoldText, SLOW_OVER_TIMEOUT, TIMEOUT_OVER_INTERVAL, type Monitor, type UpdateMonitorInput } from '../../../shared/monitors/schemas.js';
import { tierOf, type Tier } from '../../../shared/tiers.js';
import { checkOptionsView } from '../../../shared/monitors/check-options.js';
import { getUserMonitorWithOptions } from '../../repositories/monitor-read-repository.js';
import { monitorAlertRules } from '../channels/alert-rules-rules.js';
import { ownChannelIds } from '../channels/monitor-channels.js';
import { updateMonitorSettings, type MonitorSettings } from '../../repositories/monitor-repository.js';
import { closeIncidentOfUnwatchedMonitor, watchMonitorAgain } from '../../repositories/unwatched-monitor-incidents.js';
import { storableCheckOptions } from './check-options-input.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { monitorEditChanges } from './monitor-audit.js';
import { assertIntervalAllowed, monitorLimitReached } from './plan-rules.js';
import { checkMonitorsNow, monitorCheckTarget } from './check-now.js';
import { assertOptionsFitType, resolvedTarget } from './monitor-target-input.js';
import { monitorTypeView } from '../../../shared/monitors/monitor-types.js';
import { config } from '../../config.js';

/**
 * Where the monitor goes in the check schedule after an edit: out of it when paused; a new place
 * starting within a couple of minutes when it is resumed or its interval changed (so a resumed
 * monitor is checked soon, not an interval later); otherwise where it was.
 */
export const scheduleAfterEdit = (
  before: Pick<MonitorSettings, 'status' | 'check_interval'>,
  after: Pick<MonitorSettings, 'status' | 'check_interval'> & { id: string },
  now: Date,
): CheckSchedule | null | 'unchanged' => {
  if (after.status === 'paused') return null;
  // A disabled monitor is out of the schedule (and in the purge index) until it is resumed.
  if (after.status === 'disabled') return 'unchanged';
  if (before.status !== 'active' || before.check_interval !== after.check_interval) {
    return scheduleStartingSoon(after.id, after.check_interval, now);
  }
  return 'unchanged';
};

/**
 * A monitor's alert rules after an edit: the ones sent (null: follow the account's again), or, when
 * none were sent, the stored ones unchanged (kept from a bigger plan too: only a change is checked).
 */
const rulesAfterEdit = async (userId: string, tier: Tier, stored: AlertRules | null, sent: AlertRules | null | undefined) => {
  if (sent === undefined && stored) return { alert_rules: stored, confirm_rounds: confirmRoundsOf(stored) };
  const resolved = await monitorAlertRules(userId, tier, sent ?? null);
  return { alert_rules: resolved.alertRules, confirm_rounds: resolved.confirmRounds };
};

/**
 * Edits a monitor's settings or pauses/resumes it (PUT /api/monitors/{id}), with the same rules as
 * creating one: the URL must be one we may check, the interval within the plan. Those are checked
 * only for what changes, so a monitor kept from a bigger plan can still be renamed or paused. The
 * slow threshold must be within the timeout.
 * 404 when the caller has no such monitor.
 */
export const updateMonitor = async ({
  ctx,
  monitorId,
  input,
}: {
  ctx: CallerContext;
  monitorId: string;
  input: UpdateMonitorInput;
}): Promise<Monitor> => {
  // The plan is the workspace's (docs/teams.md "Storage"), not the caller's own.
  const profile = ctx.account;
  const found = await getUserMonitorWithOptions(ctx.workspaceId, monitorId);
  if (!found) throw notFound('Monitor');
  const current = found.monitor;

  const resolved = resolvedTarget({ monitorId, input, stored: { target: found.target, url: current.url } });
  const settings: MonitorSettings = {
    name: input.name ?? current.name,
    url: resolved.url,
    check_interval: input.check_interval ?? current.check_interval,
    timeout: input.timeout ?? current.timeout,
    slow_threshold: input.slow_threshold ?? current.slow_threshold,
    status: input.status ?? current.status,
    check_options: {},
    target: resolved.target,
    channel_ids: input.channel_ids === undefined ? current.channel_ids : await ownChannelIds(ctx.workspaceId, input.channel_ids),
    ...(await rulesAfterEdit(ctx.workspaceId, tierOf(profile.subscription_tier), current.alert_rules, input.alert_rules)),
  };
  if (settings.check_interval !== current.check_interval) assertIntervalAllowed(tierOf(profile.subscription_tier), settings.check_interval);
  if (settings.timeout > settings.check_interval) {
    throw new AppError('VALIDATION_FAILED', TIMEOUT_OVER_INTERVAL, [{ field: 'timeout', message: TIMEOUT_OVER_INTERVAL }]);
  }
  if (settings.slow_threshold > settings.timeout) {
    throw new AppError('VALIDATION_FAILED', SLOW_OVER_TIMEOUT, [{ field: 'slow_threshold', message: SLOW_OVER_TIMEOUT }]);
  }

  // Merged with the stored options: a secret left out (or sent back masked) is kept.
  settings.check_options = (await storableCheckOptions({ monitorId, stored: found.options, input, timeoutSeconds: settings.timeout })) ?? {};
  assertOptionsFitType(resolved, settings.check_options);

  // An operator's disable holds until an operator lifts it (docs/admin.md "Monitor holds").
  if (current.operator_hold?.action === 'disable' && settings.status !== 'disabled') {
    throw new AppError('CONFLICT', operatorHoldText(current.operator_hold));
  }
  const schedule = scheduleAfterEdit(current, { ...settings, id: monitorId }, new Date());
  const tier = tierOf(profile.subscription_tier);
  // A disabled monitor comes back only while the plan has room for it (docs/billing.md "Downgrades").
  const reenable = current.status === 'disabled' && settings.status !== 'disabled' ? { tierId: tier.id, cap: tier.monitorCap } : undefined;
  const outcome = await updateMonitorSettings({ userId: ctx.workspaceId, monitorId, settings, schedule, reenable });
  if (outcome === 'cap_reached') throw monitorLimitReached(tier);
  if (!outcome) throw notFound('Monitor');
  // Paused: no longer checked, so its open incident is resolved now, without a mail, and a resume
  // starts afresh (docs/checks.md "Pausing, deleting, disabling").
  if (current.status === 'active' && settings.status !== 'active') await closeIncidentOfUnwatchedMonitor(ctx.workspaceId, monitorId, new Date());
  if (current.status !== 'active' && settings.status === 'active') await watchMonitorAgain(ctx.workspaceId, monitorId);
  const { check_options: options, target, confirm_rounds: _confirmRounds, ...shown } = settings;
  const updated: Monitor = {
    ...current,
    ...shown,
    ...checkOptionsView(options),
    ...monitorTypeView(target, {
      appUrl: target?.type === 'heartbeat' ? config().appUrl : '',
      lastPingAt: current.last_ping_at,
      lastPingFailed: current.last_ping_failed,
    }),
  };
  // A resumed or re-enabled monitor, or one now pointing elsewhere, is checked at once (check-now.ts).
  const resumed = current.status !== 'active' && settings.status === 'active';
  if (settings.status === 'active' && (resumed || settings.url !== current.url)) {
    await checkMonitorsNow(ctx.workspaceId, [monitorCheckTarget(updated, Object.keys(options).length ? options : undefined, target)]);
  }
  // The user's other screens follow the edit, the pause or the resume (docs/live-status.md "Pushes").
  await publishLive(ctx.workspaceId, [{ type: 'monitor.changed', monitor_id: monitorId }]);
  for (const change of monitorEditChanges(current, updated, input)) await recordWorkspaceAudit(ctx, change);
  return updated;
};
