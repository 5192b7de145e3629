import { publishLive } from '../live/publish-live.js';
import { ulid } from 'ulid';
import type { CreateMonitorInput, Monitor } from '../../../shared/monitors/schemas.js';
import { scheduleStartingSoon } from '../../../shared/checks/dispatch.js';
import { judgedFromPings } from '../../../shared/monitors/monitor-types.js';
import { tierOf } from '../../../shared/tiers.js';
import { insertMonitorWithinCap } from '../../repositories/monitor-repository.js';
import { rereadWorkspaceAccount } from '../auth/current-user.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { monitorTarget } from './monitor-audit.js';
import { monitorAlertRules } from '../channels/alert-rules-rules.js';
import { ownChannelIds } from '../channels/monitor-channels.js';
import { checkMonitorsNow, monitorCheckTarget } from './check-now.js';
import { storableCheckOptions } from './check-options-input.js';
import { newMonitor } from './new-monitor.js';
import { assertIntervalAllowed, monitorLimitReached } from './plan-rules.js';
import { assertOptionsFitType, resolvedTarget } from './monitor-target-input.js';

/**
 * Adds a monitor within the caller's plan, if its target is one we may check (monitor-target-input.ts). The
 * interval floor is checked here, the monitor cap in the same transaction that stores the monitor
 * (so parallel requests cannot overshoot it). If that transaction is refused, the profile is read
 * again: at the cap -> 403; the plan changed in between -> one more try under the new plan.
 * A new monitor is checked at once (check-now.ts), then at its schedule.
 */
export const createMonitor = async ({ ctx, input }: { ctx: CallerContext; input: CreateMonitorInput }): Promise<Monitor> => {
  // The id is chosen first: the monitor's secrets are sealed for it (functions/secrets/envelope.ts).
  const id = ulid();
  const resolved = resolvedTarget({ monitorId: id, input });
  const options = await storableCheckOptions({ monitorId: id, stored: undefined, input, timeoutSeconds: input.timeout });
  assertOptionsFitType(resolved, options);
  const channelIds = input.channel_ids === undefined ? null : await ownChannelIds(ctx.workspaceId, input.channel_ids);
  const rules = await monitorAlertRules(ctx.workspaceId, tierOf(ctx.account.subscription_tier), input.alert_rules ?? null);
  // The plan and monitor count are the workspace's (docs/teams.md "Storage"), not the caller's own.
  let profile = ctx.account;
  for (let attempt = 1; ; attempt++) {
    const tier = tierOf(profile.subscription_tier);
    assertIntervalAllowed(tier, input.check_interval);

    const now = new Date();
    const monitor = newMonitor({ ...input, url: resolved.url, channel_ids: channelIds, alert_rules: rules.alertRules }, now, id, options, resolved.target);
    // Its first scheduled check falls in the next dispatcher tick's minute (dispatch.ts).
    const outcome = await insertMonitorWithinCap({
      userId: ctx.workspaceId,
      monitor,
      tierId: tier.id,
      cap: tier.monitorCap,
      schedule: scheduleStartingSoon(monitor.id, monitor.check_interval, now),
      options,
      target: resolved.target,
      confirmRounds: rules.confirmRounds,
    });
    if (outcome === 'created') {
      // A heartbeat has nothing to judge before its first ping.
      if (!judgedFromPings(resolved.target)) await checkMonitorsNow(ctx.workspaceId, [monitorCheckTarget(monitor, options, resolved.target)], now);
      await publishLive(ctx.workspaceId, [{ type: 'monitor.changed', monitor_id: monitor.id }]);
      await recordWorkspaceAudit(ctx, { action: 'monitor.created', ...monitorTarget(monitor) });
      return monitor;
    }

    const latest = await rereadWorkspaceAccount(ctx);
    const planChanged = latest.subscription_tier !== profile.subscription_tier;
    if (!planChanged || attempt >= 2) throw monitorLimitReached(tierOf(latest.subscription_tier));
    profile = latest;
  }
};
