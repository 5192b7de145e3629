import type { AlertRules } from '../../shared/alerts/rules.js';
import type { ConfirmRounds } from '../../shared/checks/monitor-state.js';
import { shardOf, type CheckSchedule } from '../../shared/checks/dispatch.js';
import type { CheckOptions } from '../../shared/monitors/check-options.js';
import type { Monitor, MonitorStatus } from '../../shared/monitors/schemas.js';
import { dueKey, ENTITY, monitorKey, monitorListKey, scheduleIntervalsKey, userKey } from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { adjustCounters, monitorStatusCounter } from './admin-counters-repository.js';
import type { MonitorTarget } from '../../shared/monitors/monitor-types.js';
import { MONITOR_LOOKUP_ATTRIBUTES, monitorCompanionDeletes } from './monitor-items.js';
import { deleteDisabledMonitor } from './monitor-plan-repository.js';
import { heartbeatLookupPut } from './heartbeat-repository.js';
import * as table from './table-commands.js';
import { resultIfAllowed, transactIfAllowed, writeIfAllowed } from './table.js';

/**
 * Monitors in the table: under their owner's partition (patterns 5, 6) and in the admin list (7),
 * each followed by its check state item (8c), which the list reads in the same Query. This module
 * writes them (create, settings, delete); monitor-read-repository.ts reads them for the API.
 */

/** The due index keys of an active monitor (keys.ts pattern 8, dispatch.ts). */
const scheduleAttributes = (monitorId: string, schedule: CheckSchedule) => {
  const shard = shardOf(monitorId);
  return { ...dueKey(shard, schedule.intervalSeconds, schedule.phaseSeconds), shard, phase: schedule.phaseSeconds };
};

/**
 * Adds check intervals to the list the dispatcher walks (pattern 8b). Written before the monitors
 * that use them, outside their transactions (a set ADD is idempotent, and one hot item in every
 * create's transaction would make parallel creates conflict); an interval no monitor uses any more
 * costs the dispatcher one empty Query per tick.
 */
export const registerCheckIntervals = async (intervals: readonly number[]): Promise<void> => {
  if (!intervals.length) return;
  await table.update({
    Key: scheduleIntervalsKey(),
    UpdateExpression: 'SET entity = :entity ADD intervals :intervals',
    ExpressionAttributeValues: { ':entity': ENTITY.schedule, ':intervals': new Set(intervals) },
  });
};

/**
 * The stored item of a new, active monitor (the slow threshold kept in milliseconds, as checks use
 * it). The check options are stored as given (`options`, secrets sealed), never from the API view.
 */
export const newMonitorItem = (
  userId: string,
  monitor: Monitor,
  schedule: CheckSchedule,
  options?: CheckOptions,
  target?: MonitorTarget,
  /** What the result processor confirms down and up by (alert-rules-repository.ts); absent: 1 and 1. */
  confirmRounds?: ConfirmRounds,
): Record<string, unknown> => {
  const { id, name, url, status, is_up, response_time, check_interval, timeout, last_checked, latest_incident, created_at } = monitor;
  return {
    ...monitorKey(userId, monitor.id),
    ...monitorListKey(monitor.id),
    ...scheduleAttributes(monitor.id, schedule),
    entity: ENTITY.monitor,
    user_id: userId,
    ...{ id, name, url, status, is_up, response_time, check_interval, timeout, last_checked, latest_incident, created_at },
    slow_threshold_ms: Math.round(monitor.slow_threshold * 1000),
    ...(options && Object.keys(options).length ? { check_options: options } : {}),
    ...(target ? { target } : {}),
    ...(monitor.channel_ids ? { channel_ids: monitor.channel_ids } : {}),
    ...(monitor.alert_rules ? { alert_rules: monitor.alert_rules } : {}),
    ...(confirmRounds ? { down_after_rounds: confirmRounds.down, up_after_rounds: confirmRounds.up } : {}),
  };
};

/**
 * Stores a new monitor and counts it against the owner's cap in ONE transaction: the profile's
 * `monitor_count` goes up only while it is below `cap` and the tier is still `tierId` (so a plan
 * change between the caller's read and this write cannot slip a monitor past the new cap).
 * 'cap_reached' when that condition fails (also when the profile is gone or the tier changed).
 */
export const insertMonitorWithinCap = async (opts: {
  userId: string;
  monitor: Monitor;
  tierId: TierId;
  cap: number;
  schedule: CheckSchedule;
  options?: CheckOptions;
  target?: MonitorTarget;
  confirmRounds?: ConfirmRounds;
}): Promise<'created' | 'cap_reached'> => {
  const { userId, monitor, tierId, cap } = opts;
  await registerCheckIntervals([opts.schedule.intervalSeconds]);
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: userKey(userId),
          UpdateExpression: 'SET monitor_count = monitor_count + :one',
          // An account being deleted takes no new monitor (delete-account.ts marks it first).
          ConditionExpression: 'monitor_count < :cap AND subscription_tier = :tier AND attribute_not_exists(deletion_started_at)',
          ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':tier': tierId },
        },
      },
      {
        Put: {
          Item: newMonitorItem(userId, monitor, opts.schedule, opts.options, opts.target, opts.confirmRounds),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      // A heartbeat's push secret finds its monitor (keys.ts 39).
      ...(opts.target?.type === 'heartbeat' ? [{ Put: heartbeatLookupPut(opts.target.token, userId, monitor.id) }] : []),
    ],
    { 0: 'cap_reached' },
  );
  if (refused) return refused;
  await adjustCounters({ monitors_total: 1, monitors_active: 1 });
  return 'created';
};

/** The stored settings of a monitor an owner may change (PUT /api/monitors/{id}). */
export interface MonitorSettings {
  name: string;
  url: string;
  check_interval: number;
  timeout: number;
  /** Seconds. */
  slow_threshold: number;
  status: MonitorStatus;
  /** Request options and assertions, secrets sealed; empty for a plain check. */
  check_options: CheckOptions;
  /** The non-HTTP target (its type never changes); undefined for http. */
  target?: MonitorTarget | undefined;
  /** The alert channels it sends to; null: the account's default channels. */
  channel_ids: string[] | null;
  /** Its own alert rules; null: it follows the account's (docs/alerts.md "Alert rules"). */
  alert_rules: AlertRules | null;
  /** The confirm rounds of whichever rules apply. */
  confirm_rounds: ConfirmRounds;
}

/**
 * Writes a monitor's settings. `schedule` places an active monitor in the due index (a new one
 * when it is resumed or its interval changed); null takes it out (paused). False when the monitor
 * no longer exists.
 */
export const updateMonitorSettings = async (opts: {
  userId: string;
  monitorId: string;
  settings: MonitorSettings;
  schedule: CheckSchedule | null | 'unchanged';
  /**
   * Set when a disabled monitor comes back (docs/billing.md "Downgrades"): it counts against the
   * cap again, in the same transaction, only while the plan is `tierId` and has room under `cap`.
   */
  reenable?: { tierId: TierId; cap: number };
}): Promise<boolean | 'cap_reached'> => {
  const { settings } = opts;
  const values: Record<string, unknown> = {
    ':name': settings.name,
    ':url': settings.url,
    ':interval': settings.check_interval,
    ':timeout': settings.timeout,
    ':status': settings.status,
    ':slow': Math.round(settings.slow_threshold * 1000),
  };
  const sets = [
    '#name = :name',
    '#url = :url',
    'check_interval = :interval',
    '#timeout = :timeout',
    '#status = :status',
    'slow_threshold_ms = :slow',
  ];
  const removed: string[] = [];
  if (Object.keys(settings.check_options).length) {
    sets.push('check_options = :options');
    values[':options'] = settings.check_options;
  } else removed.push('check_options');
  if (settings.target) {
    sets.push('target = :target');
    values[':target'] = settings.target;
  }
  sets.push('down_after_rounds = :downAfter', 'up_after_rounds = :upAfter');
  values[':downAfter'] = settings.confirm_rounds.down;
  values[':upAfter'] = settings.confirm_rounds.up;
  if (settings.alert_rules) {
    sets.push('alert_rules = :rules');
    values[':rules'] = settings.alert_rules;
  } else removed.push('alert_rules');
  if (settings.channel_ids) {
    sets.push('channel_ids = :channels');
    values[':channels'] = settings.channel_ids;
  } else removed.push('channel_ids');
  let remove = removed.length ? ` REMOVE ${removed.join(', ')}` : '';
  if (opts.schedule === null) remove = remove ? `${remove}, GSI2PK, GSI2SK, phase` : ' REMOVE GSI2PK, GSI2SK, phase';
  else if (opts.schedule !== 'unchanged') {
    // A new interval (or a resume) ends the notice of a plan's raise (docs/billing.md "Downgrades").
    remove = remove ? `${remove}, plan_interval_change` : ' REMOVE plan_interval_change';
    await registerCheckIntervals([opts.schedule.intervalSeconds]);
    const attributes = scheduleAttributes(opts.monitorId, opts.schedule);
    // The shard follows from the id, so it never changes.
    sets.push('GSI2PK = :duePk', 'GSI2SK = :dueSk', 'phase = :phase');
    Object.assign(values, { ':duePk': attributes.GSI2PK, ':dueSk': attributes.GSI2SK, ':phase': attributes.phase });
  }
  if (opts.reenable) remove = remove ? `${remove}, disabled_at` : ' REMOVE disabled_at';
  const update = {
    Key: monitorKey(opts.userId, opts.monitorId),
    UpdateExpression: `SET ${sets.join(', ')}${remove}`,
    ConditionExpression: opts.reenable ? '#status = :wasDisabled' : 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#name': 'name', '#url': 'url', '#timeout': 'timeout', '#status': 'status' },
    ExpressionAttributeValues: opts.reenable ? { ...values, ':wasDisabled': 'disabled' } : values,
  };
  if (opts.reenable) {
    const refused = await transactIfAllowed(
      [
        { Update: update },
        {
          Update: {
            Key: userKey(opts.userId),
            UpdateExpression: 'SET monitor_count = monitor_count + :one',
            ConditionExpression: 'monitor_count < :cap AND subscription_tier = :tier',
            ExpressionAttributeValues: { ':one': 1, ':cap': opts.reenable.cap, ':tier': opts.reenable.tierId },
          },
        },
      ],
      { 0: false, 1: 'cap_reached' },
    );
    if (refused !== null) return refused;
    await countStatusChange('disabled', settings.status);
    return true;
  }
  const updated = await resultIfAllowed(table.update({ ...update, ReturnValues: 'UPDATED_OLD' }));
  if (!updated) return false;
  await countStatusChange(String(updated.Attributes?.status ?? settings.status), settings.status);
  return true;
};

/** Moves one monitor between the per-status operator counters (admin-counters-repository.ts). */
export const countStatusChange = async (from: string, to: string): Promise<void> => {
  const fromCounter = monitorStatusCounter(from);
  const toCounter = monitorStatusCounter(to);
  if (from === to || !fromCounter || !toCounter) return;
  await adjustCounters({ [fromCounter]: -1, [toCounter]: 1 });
};

/**
 * Deletes a monitor and its check state and gives its place under the cap back, in one
 * transaction; false when the user has no such monitor. Its check results and rollups expire by
 * the plan's retention (TTL), and its incidents stay in the owner's history (they carry the
 * monitor's name and URL).
 */
export const deleteMonitorWithinCap = async (userId: string, monitorId: string): Promise<boolean> => {
  // Read for the operator counters (the status it is counted under) and for its lookup items
  // outside the partition (monitor-items.ts monitorLookupKeys).
  const attributes = ['status', ...MONITOR_LOOKUP_ATTRIBUTES];
  const { Item } = await table.get({
    Key: monitorKey(userId, monitorId),
    ProjectionExpression: attributes.map((_name, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
  });
  const refused = await transactIfAllowed(
    [
      {
        Delete: {
          Key: monitorKey(userId, monitorId),
          // A disabled monitor no longer counts (docs/billing.md): deleting it gives no place back.
          ConditionExpression: 'attribute_exists(PK) AND #status <> :disabled',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':disabled': 'disabled' },
        },
      },
      ...monitorCompanionDeletes(userId, monitorId, Item ?? {}),
      {
        Update: {
          Key: userKey(userId),
          UpdateExpression: 'SET monitor_count = monitor_count - :one',
          ConditionExpression: 'monitor_count > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ],
    { 0: true },
  );
  if (refused) return deleteDisabledMonitor(userId, monitorId);
  const statusCounter = monitorStatusCounter(String(Item?.status ?? 'active'));
  await adjustCounters({ monitors_total: -1, ...(statusCounter ? { [statusCounter]: -1 } : {}) });
  return true;
};

/** Shows an acknowledgement on the monitor's card too, if the incident is still its latest. */
export const markLatestIncidentAcknowledged = async (
  userId: string,
  monitorId: string,
  ack: { incidentId: string; at: string; by: string },
): Promise<void> => {
  await writeIfAllowed(
    table.update({
      Key: monitorKey(userId, monitorId),
      UpdateExpression: 'SET latest_incident.acknowledged_at = :at, latest_incident.acknowledged_by = :by',
      ConditionExpression: 'latest_incident.id = :id',
      ExpressionAttributeValues: { ':at': ack.at, ':by': ack.by, ':id': ack.incidentId },
    }),
  );
};
