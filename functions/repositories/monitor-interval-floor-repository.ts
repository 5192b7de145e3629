import { scheduleStartingSoon, shardOf } from '../../shared/checks/dispatch.js';
import type { PlanIntervalChange } from '../../shared/monitors/schemas.js';
import { dueKey, ENTITY, MONITOR_SK_PREFIX, monitorKey, userMonitorsPartition } from '../../shared/table/keys.js';
import { registerCheckIntervals } from './monitor-repository.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * Monitors checked more often than a smaller plan allows (docs/billing.md "Downgrades"): each one
 * moves to the plan's floor. Its item keeps `plan_interval_change` (from, to, when) for the app's
 * notice, and an active monitor gets a new place in the due index (keys.ts 8: the partition names
 * the interval) starting within a couple of minutes, as an edit of the interval would; a monitor in
 * a pause_checks window keeps no due key but gets the new phase, so it rejoins at the new interval;
 * paused and disabled ones just keep the new interval for when they come back.
 */

export interface SlowedMonitor {
  id: string;
  name: string;
  url: string;
  /** Seconds, before and after. */
  from: number;
  to: number;
}

const inDueIndex = (item: Record<string, unknown>): boolean => typeof item.GSI2PK === 'string' && item.GSI2PK.startsWith('DUE#');

/** One monitor to the floor; false when it changed meanwhile (its interval is no longer what was read). */
const raiseOne = async (userId: string, item: Record<string, unknown>, floor: number, at: Date): Promise<boolean> => {
  const id = String(item.id);
  const change: PlanIntervalChange = { from: Number(item.check_interval), to: floor, at: at.toISOString() };
  const sets = ['check_interval = :floor', 'plan_interval_change = :change'];
  const values: Record<string, unknown> = { ':floor': floor, ':change': change, ':was': change.from };
  const schedule = scheduleStartingSoon(id, floor, at);
  if (inDueIndex(item)) {
    const due = dueKey(shardOf(id), floor, schedule.phaseSeconds);
    sets.push('GSI2PK = :duePk', 'GSI2SK = :dueSk', 'phase = :phase');
    Object.assign(values, { ':duePk': due.GSI2PK, ':dueSk': due.GSI2SK, ':phase': schedule.phaseSeconds });
  } else if (typeof item.phase === 'number') {
    sets.push('phase = :phase');
    values[':phase'] = schedule.phaseSeconds;
  }
  return writeIfAllowed(
    table.update({
      Key: monitorKey(userId, id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'check_interval = :was',
      ExpressionAttributeValues: values,
    }),
  );
};

/**
 * Moves every monitor of the user checked more often than every `floor` seconds to `floor`, and
 * answers those it moved. Safe to run again: a second run finds none. A monitor edited between the
 * read and the write is read again (a few rounds at most).
 */
export const raiseIntervalsToFloor = async (userId: string, floor: number, at: Date): Promise<SlowedMonitor[]> => {
  const slowed: SlowedMonitor[] = [];
  for (let round = 0; round < 5; round++) {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
      ConsistentRead: true,
    });
    const below = items.filter((item) => item.entity === ENTITY.monitor && Number(item.check_interval) < floor);
    if (!below.length) return slowed;
    // The dispatcher walks only the intervals it knows (keys.ts 8b): the floor must be one before a monitor uses it.
    await registerCheckIntervals([floor]);
    let raced = false;
    for (const item of below) {
      if (await raiseOne(userId, item, floor, at)) {
        slowed.push({ id: String(item.id), name: String(item.name), url: String(item.url), from: Number(item.check_interval), to: floor });
      } else raced = true;
    }
    if (!raced) return slowed;
  }
  throw new Error(`Could not move the monitors of ${userId} to the ${floor}s floor: too many concurrent changes`);
};
