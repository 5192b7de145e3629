import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import { shardOf } from '../../shared/checks/dispatch.js';
import { toMaintenanceStamp, type MaintenanceStamp } from '../../shared/maintenance/stamp.js';
import {
  dueKey,
  ENTITY,
  MAINTENANCE_BOUNDARIES_PARTITION,
  maintenanceBoundaryDueKey,
  maintenanceBoundaryKey,
  monitorKey,
  monitorStateKey,
} from '../../shared/table/keys.js';
import { conditionFailedAt } from './dynamo-errors.js';
import type { MonitorForChecks } from './monitor-check-state-repository.js';
import { outboxItem } from './round-items.js';
import * as table from './table-commands.js';
import { writeIfAllowed, type TableTransactItem } from './table.js';

/**
 * The boundary job's items and writes (docs/maintenance.md "What a window does"): one boundary item
 * per window (keys.ts 55, 55b) saying which occurrence it stamped on which monitors and when to
 * look again; the stamp in each covered monitor's state item (8c), which the result processor
 * reads with the state it already reads; and, for a pause_checks window, the monitor's place in the
 * due index (8), taken out and put back.
 */
export interface BoundaryRecord {
  userId: string;
  windowId: string;
  /** The occurrence stamped now, and on which monitors; null between occurrences. */
  active: { stamp: Omit<MaintenanceStamp, 'down_incident_at_start'>; monitorIds: string[] } | null;
  /** Whether the "scheduled" mail's turn has passed (sent, or not wanted). */
  announced: boolean;
  /**
   * The times the owner was last told of (the job's `scheduleOf` the window): an edit that changes
   * them is announced again ("rescheduled"); absent on items written before it was kept: null.
   */
  announcedSchedule?: string | null;
}

export const getBoundary = async (userId: string, windowId: string): Promise<BoundaryRecord | null> => {
  const { Item } = await table.get({ Key: maintenanceBoundaryKey(userId, windowId), ConsistentRead: true });
  if (!Item) return null;
  const active = Item.active as BoundaryRecord['active'] | undefined;
  return {
    userId,
    windowId,
    active: active ?? null,
    announced: Item.announced === true,
    announcedSchedule: typeof Item.announced_schedule === 'string' ? Item.announced_schedule : null,
  };
};

/** Writes the boundary item; `nextDueAt` null leaves it out of the index (nothing left to do). */
export const putBoundary = async (record: BoundaryRecord, nextDueAt: string | null): Promise<void> => {
  await table.put({
    Item: {
      ...maintenanceBoundaryKey(record.userId, record.windowId),
      ...(nextDueAt ? maintenanceBoundaryDueKey(nextDueAt, record.userId, record.windowId) : {}),
      entity: ENTITY.maintenanceBoundary,
      user_id: record.userId,
      window_id: record.windowId,
      active: record.active,
      announced: record.announced,
      ...(record.announcedSchedule ? { announced_schedule: record.announcedSchedule } : {}),
      ...(nextDueAt ? { next_due_at: nextDueAt } : {}),
    },
  });
};

export const deleteBoundary = async (userId: string, windowId: string): Promise<void> => {
  await table.delete({ Key: maintenanceBoundaryKey(userId, windowId) });
};

/** Windows whose next boundary is at or before `now`, oldest first. */
export const listDueBoundaries = async (now: string, limit: number): Promise<{ userId: string; windowId: string }[]> => {
  const { Items } = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :cutoff',
    // `~` sorts after every character of the `#<sub>#<id>` tail, so an entry due exactly now is included.
    ExpressionAttributeValues: { ':pk': MAINTENANCE_BOUNDARIES_PARTITION, ':cutoff': `${now}~` },
    Limit: limit,
  });
  return (Items ?? []).map((item) => ({ userId: String(item.user_id), windowId: String(item.window_id) }));
};

/**
 * Stamps a monitor's state item, judged on the state as read: if a round landed since (another
 * `last_round`), false and the caller reads again, so `down_incident_at_start` is never stale.
 */
export const stampMonitor = async (monitor: MonitorForChecks, stamp: MaintenanceStamp): Promise<boolean> => {
  const values: Record<string, unknown> = { ':stamp': stamp, ':entity': ENTITY.monitorState, ':user': monitor.userId, ':monitor': monitor.monitorId };
  let condition = 'attribute_not_exists(last_round)';
  if (monitor.state.lastRound !== null) {
    condition = 'last_round = :lastRound';
    values[':lastRound'] = monitor.state.lastRound;
  }
  try {
    await table.transact([
      {
        Update: {
          Key: monitorStateKey(monitor.userId, monitor.monitorId),
          UpdateExpression: 'SET maintenance = :stamp, entity = if_not_exists(entity, :entity), user_id = if_not_exists(user_id, :user), monitor_id = if_not_exists(monitor_id, :monitor)',
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
        },
      },
      // A monitor deleted meanwhile gets no state item back.
      { ConditionCheck: { Key: monitorKey(monitor.userId, monitor.monitorId), ConditionExpression: 'attribute_exists(PK)' } },
    ]);
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0) || conditionFailedAt(error, 1)) return false;
    throw error;
  }
};

/**
 * Removes the stamp of one occurrence, judged on the state as read (same `last_round`), together
 * with the end-of-window alert's outbox entry when there is one and the minutes the occurrence
 * covered the monitor on each day (`days`, docs/status-pages.md "Daily bars"), so they are added
 * exactly when the stamp goes. 'stale' when a round landed or the stamp is no longer this
 * occurrence's (read again); an outbox entry already there (a retry) is no reason to keep the stamp.
 */
export const clearStamp = async (
  monitor: MonitorForChecks,
  stamp: Pick<MaintenanceStamp, 'window_id' | 'starts_at'>,
  alert: AlertEvent | null,
  days: readonly TableTransactItem[] = [],
): Promise<'cleared' | 'stale'> => {
  const values: Record<string, unknown> = { ':window': stamp.window_id, ':start': stamp.starts_at };
  let condition = 'maintenance.window_id = :window AND maintenance.starts_at = :start';
  if (monitor.state.lastRound !== null) {
    condition = `${condition} AND last_round = :lastRound`;
    values[':lastRound'] = monitor.state.lastRound;
  } else condition = `${condition} AND attribute_not_exists(last_round)`;
  const update = {
    Key: monitorStateKey(monitor.userId, monitor.monitorId),
    UpdateExpression: 'REMOVE maintenance',
    ConditionExpression: condition,
    ExpressionAttributeValues: values,
  };
  if (alert) {
    try {
      await table.transact([{ Update: update }, outboxItem(monitor, alert), ...days]);
      return 'cleared';
    } catch (error) {
      if (conditionFailedAt(error, 0)) return 'stale';
      if (!conditionFailedAt(error, 1)) throw error;
      // The alert is in the outbox already: only the stamp (and the days) are left.
    }
  }
  if (!days.length) return (await writeIfAllowed(table.update(update))) ? 'cleared' : 'stale';
  try {
    await table.transact([{ Update: update }, ...days]);
    return 'cleared';
  } catch (error) {
    if (conditionFailedAt(error, 0)) return 'stale';
    throw error;
  }
};

/** Takes an active monitor out of the due index for a pause_checks window (its `phase` stays, to come back). */
export const leaveDispatch = async (userId: string, monitorId: string): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: monitorKey(userId, monitorId),
      UpdateExpression: 'REMOVE GSI2PK, GSI2SK',
      ConditionExpression: '#status = :active AND attribute_exists(GSI2PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active' },
    }),
  );

/**
 * Puts the monitor back where it was in the due index, if it is still active and still out of it:
 * a monitor its owner paused meanwhile (no `phase` any more) stays paused, one they edited or
 * resumed is back in the index already.
 */
export const rejoinDispatch = async (userId: string, monitorId: string, intervalSeconds: number, phaseSeconds: number): Promise<boolean> => {
  const due = dueKey(shardOf(monitorId), intervalSeconds, phaseSeconds);
  return writeIfAllowed(
    table.update({
      Key: monitorKey(userId, monitorId),
      UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk',
      ConditionExpression: '#status = :active AND attribute_not_exists(GSI2PK) AND phase = :phase AND check_interval = :interval',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active', ':pk': due.GSI2PK, ':sk': due.GSI2SK, ':phase': phaseSeconds, ':interval': intervalSeconds },
    }),
  );
};

/** A monitor's schedule as stored (interval and phase), for rejoinDispatch; null when it has none. */
export const getMonitorSchedule = async (userId: string, monitorId: string): Promise<{ intervalSeconds: number; phaseSeconds: number } | null> => {
  const { Item } = await table.get({ Key: monitorKey(userId, monitorId), ProjectionExpression: 'check_interval, phase', ConsistentRead: true });
  if (!Item || typeof Item.phase !== 'number') return null;
  return { intervalSeconds: Number(Item.check_interval), phaseSeconds: Item.phase };
};

/**
 * Asks the boundary job to look at a window at its next run (within a minute): called when a window
 * is created, edited or deleted, so a window that is on now starts (or stops) muting then, and a
 * new one is announced. What the job did before (the stamped occurrence) is kept.
 */
export const markWindowDue = async (userId: string, windowId: string, now: Date): Promise<void> => {
  const due = maintenanceBoundaryDueKey(now.toISOString(), userId, windowId);
  await table.update({
    Key: maintenanceBoundaryKey(userId, windowId),
    UpdateExpression:
      'SET GSI1PK = :pk, GSI1SK = :sk, next_due_at = :at, entity = :entity, user_id = :user, window_id = :window, announced = if_not_exists(announced, :no), active = if_not_exists(active, :none)',
    ExpressionAttributeValues: {
      ':pk': due.GSI1PK,
      ':sk': due.GSI1SK,
      ':at': now.toISOString(),
      ':entity': ENTITY.maintenanceBoundary,
      ':user': userId,
      ':window': windowId,
      ':no': false,
      ':none': null,
    },
  });
};

/** The maintenance stamp on a monitor's state item, or null (the alert timers' one extra read). */
export const getMaintenanceStamp = async (userId: string, monitorId: string): Promise<MaintenanceStamp | null> => {
  const { Item } = await table.get({ Key: monitorStateKey(userId, monitorId), ProjectionExpression: 'maintenance' });
  return toMaintenanceStamp(Item?.maintenance);
};
