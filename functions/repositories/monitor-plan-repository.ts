import {
  DISABLED_MONITORS_PARTITION,
  disabledMonitorKey,
  ENTITY,
  MONITOR_SK_PREFIX,
  monitorKey,
  userKey,
  userMonitorsPartition,
} from '../../shared/table/keys.js';
import { adjustCounters, monitorStatusCounter, sumDeltas, type CounterDeltas } from './admin-counters-repository.js';
import { closeIncidentOfUnwatchedMonitor } from './unwatched-monitor-incidents.js';
import { cancellationReasons } from './dynamo-errors.js';
import { getMonitorItem } from './heartbeat-repository.js';
import { monitorCompanionDeletes } from './monitor-items.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { transactIfAllowed } from './table.js';

/**
 * Monitors beyond a smaller plan's cap (docs/billing.md "Downgrades"): `disabled` monitors are out
 * of the due index (keys.ts 8), so the dispatcher no longer finds them, no longer count in
 * `monitor_count`, and sit in the purge index (31) until they are resumed or, 30 days on, deleted.
 * An incident they had open is resolved as they are disabled (unwatched-monitor-incidents.ts).
 */

export interface DisabledMonitor {
  id: string;
  name: string;
  url: string;
}

/** Items per transaction: DynamoDB's limit is 100, one is the profile's counter. */
const CHUNK = 99;

/** Which monitors a cap of `cap` leaves over: the newest ones that still count (pure; ids are ULIDs). */
export const monitorsBeyondCap = <M extends { id: string; status: string }>(monitors: readonly M[], cap: number): M[] => {
  const counted = monitors.filter((monitor) => monitor.status !== 'disabled').sort((a, b) => b.id.localeCompare(a.id));
  return counted.slice(0, Math.max(0, counted.length - cap));
};

/** One monitor moving between the operator counters' statuses (admin-counters-repository.ts). */
const statusMove = (from: string, to: string): CounterDeltas => {
  const fromCounter = monitorStatusCounter(from);
  const toCounter = monitorStatusCounter(to);
  return fromCounter && toCounter && from !== to ? { [fromCounter]: -1, [toCounter]: 1 } : {};
};

const disableChunk = async (userId: string, monitors: readonly Record<string, unknown>[], at: Date): Promise<void> => {
  const disabledAt = at.toISOString();
  await table.transact([
    ...monitors.map((monitor) => {
      const id = String(monitor.id);
      const purge = disabledMonitorKey(disabledAt, id);
      return {
        Update: {
          Key: monitorKey(userId, id),
          UpdateExpression: 'SET #status = :disabled, disabled_at = :at, GSI2PK = :purgePk, GSI2SK = :purgeSk REMOVE phase',
          ConditionExpression: '#status = :was',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':disabled': 'disabled',
            ':at': disabledAt,
            ':purgePk': purge.GSI2PK,
            ':purgeSk': purge.GSI2SK,
            ':was': monitor.status,
          },
        },
      };
    }),
    {
      Update: {
        Key: userKey(userId),
        UpdateExpression: 'SET monitor_count = monitor_count - :count',
        ConditionExpression: 'monitor_count >= :count',
        ExpressionAttributeValues: { ':count': monitors.length },
      },
    },
  ]);
};

/**
 * Disables the user's newest monitors until at most `cap` still count, and answers those it
 * disabled. Each chunk is one transaction conditional on every monitor's status being what was
 * read; when a concurrent edit or delete gets in the way, the monitors are read again and the
 * remainder recomputed (a few rounds at most).
 */
export const disableMonitorsBeyondCap = async (userId: string, cap: number, at: Date): Promise<DisabledMonitor[]> => {
  const disabled: DisabledMonitor[] = [];
  for (let round = 0; round < 5; round++) {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
      ConsistentRead: true,
    });
    const monitors = items.filter((item) => item.entity === ENTITY.monitor) as (Record<string, unknown> & { id: string; status: string })[];
    const over = monitorsBeyondCap(monitors, cap);
    if (!over.length) return disabled;
    try {
      for (let start = 0; start < over.length; start += CHUNK) {
        const chunk = over.slice(start, start + CHUNK);
        await disableChunk(userId, chunk, at);
        disabled.push(...chunk.map((monitor) => ({ id: monitor.id, name: String(monitor.name), url: String(monitor.url) })));
        await adjustCounters(sumDeltas(...chunk.map((monitor) => statusMove(monitor.status, 'disabled'))));
        for (const monitor of chunk) await closeIncidentOfUnwatchedMonitor(userId, monitor.id, at);
      }
      return disabled;
    } catch (error) {
      if (!cancellationReasons(error)) throw error;
    }
  }
  throw new Error(`Could not disable the monitors of ${userId} beyond the cap of ${cap}: too many concurrent changes`);
};

/** Disabled monitors whose 30 days have passed by `cutoff` (pattern 31), oldest first. */
export const listDisabledMonitorsBefore = async (cutoff: Date, limit = 100): Promise<{ userId: string; monitorId: string }[]> => {
  const { Items } = await table.query({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :cutoff',
    ExpressionAttributeValues: { ':pk': DISABLED_MONITORS_PARTITION, ':cutoff': cutoff.toISOString() },
    Limit: limit,
  });
  return (Items ?? [])
    .filter((item) => item.entity === ENTITY.monitor && item.status === 'disabled')
    .map((item) => ({ userId: String(item.user_id), monitorId: String(item.id) }));
};

/** Deletes a monitor that is still disabled, with its state item; its results expire by TTL. */
export const deleteDisabledMonitor = async (userId: string, monitorId: string): Promise<boolean> => {
  // Its lookup items (a heartbeat's push secret, keys.ts 39; a badge token, 50) go with it; the secrets are in the monitor item.
  const item = (await getMonitorItem(userId, monitorId)) ?? {};
  const refused = await transactIfAllowed(
    [
      {
        Delete: {
          Key: monitorKey(userId, monitorId),
          ConditionExpression: '#status = :disabled',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':disabled': 'disabled' },
        },
      },
      ...monitorCompanionDeletes(userId, monitorId, item),
    ],
    { 0: false },
  );
  if (refused !== null) return refused;
  await adjustCounters({ monitors_total: -1, monitors_disabled: -1 });
  return true;
};
