import type { DecidedRound } from '../../shared/checks/round-history.js';
import type { AlertEvent, IncidentRecord } from '../../shared/checks/monitor-state.js';
import {
  decodeDayHours,
  DAY_HOURS_KEPT,
  encodeDayHours,
  hourBucket,
  hourBucketStart,
  rollDayHours,
  type HourlyRollup,
} from '../../shared/checks/rollups.js';
import { typeOfTarget } from '../../shared/monitors/monitor-types.js';
import {
  ENTITY,
  incidentKey,
  incidentListKey,
  legacyMonitorDayKey,
  monitorDayKey,
  monitorKey,
  outboxKey,
  outboxPendingKey,
  rollupKey,
  userKey,
} from '../../shared/table/keys.js';
import type { HourLatency } from '../../shared/checks/latency-histogram.js';
import { latencyAttributes } from './latency-items.js';
import type { MonitorForChecks } from './monitor-check-state-repository.js';
import { listHourlyRollups } from './rollup-repository.js';
import * as table from './table-commands.js';
import { type TableTransactItem } from './table.js';

/**
 * The items a decided round writes in its transaction besides its state item (commitRound in
 * monitor-check-state-repository.ts): its incidents and outbox entries, the closed hour's rollup
 * and day items, and the owner's guards.
 */

/**
 * An incident as the round records it. One recorded already ended (a recovery's `up`) carries its
 * TTL from the start: the workspace's retention from when it ended (docs/product-rules.md
 * "Retention"); an open one gets it when it is resolved.
 */
export const incidentItem = (
  monitor: MonitorForChecks,
  incident: IncidentRecord,
  expiresAtOf: (endedAt: Date) => number,
): TableTransactItem => ({
  Put: {
    Item: {
      ...incidentKey(monitor.userId, incident.id),
      ...incidentListKey(incident.id),
      entity: ENTITY.incident,
      user_id: monitor.userId,
      monitor_name: monitor.name,
      monitor_url: monitor.url,
      ...incident,
      ...(incident.resolved_at ? { expires_at: expiresAtOf(new Date(incident.resolved_at)) } : {}),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** Which regions saw the monitor up and down in a round (channel messages say so); null without answers. */
export const regionsOfRound = (decided: DecidedRound | null | undefined): { up: string[]; down: string[] } | null => {
  if (!decided?.results.length) return null;
  const regions = (outcome: (o: string) => boolean) =>
    [...new Set(decided.results.filter((result) => outcome(result.outcome)).map((result) => result.region))].sort();
  return { up: regions((o) => o !== 'down'), down: regions((o) => o === 'down') };
};

export const outboxItem = (
  monitor: MonitorForChecks,
  alert: AlertEvent,
  regions: { up: string[]; down: string[] } | null = null,
): TableTransactItem => ({
  Put: {
    Item: {
      ...outboxKey(alert.transitionId),
      ...outboxPendingKey(alert.occurredAt),
      entity: ENTITY.outbox,
      user_id: monitor.userId,
      monitor_name: monitor.name,
      monitor_url: monitor.url,
      // What the mail speaks of (alert-email.ts); entries written before it existed have none: http.
      monitor_type: typeOfTarget(monitor.target),
      status: 'pending',
      created_at: alert.occurredAt,
      alert,
      ...(regions ? { regions } : {}),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * An hour that is over, as its own rollup item (an overwrite: closing it again is harmless), with
 * its latency for the analytics when it has some (latency-items.ts).
 */
export const closedHourItem = (monitorId: string, hour: HourlyRollup, expiresAt: number, latency: HourLatency | null = null): TableTransactItem => ({
  Put: {
    Item: {
      ...rollupKey(monitorId, hour.hour),
      entity: ENTITY.rollup,
      monitor_id: monitorId,
      checks: hour.checks,
      ups: hour.ups,
      response_time_sum_ms: hour.responseTimeSumMs,
      response_time_count: hour.responseTimeCount,
      ...(hour.maintenance ? { maintenance: hour.maintenance } : {}),
      ...latencyAttributes(latency),
      expires_at: expiresAt,
    },
  },
});

/**
 * The monitor's closed hours of the last day (keys.ts 8d): one small item, rewritten when an hour
 * closes. A monitor checked before day items existed gets one from its rollup items, once.
 */
export const dayHoursItem = async (monitor: MonitorForChecks, closed: HourlyRollup): Promise<TableTransactItem[]> => {
  const since = hourBucket(new Date(hourBucketStart(closed.hour) - DAY_HOURS_KEPT * 3_600_000));
  const stored = await getDayHours(monitor);
  const known = stored ?? (await listHourlyRollups(monitor.monitorId, since, closed.hour));
  const put: TableTransactItem = {
    Put: {
      Item: {
        ...monitorDayKey(monitor.userId, monitor.monitorId),
        entity: ENTITY.monitorDay,
        user_id: monitor.userId,
        monitor_id: monitor.monitorId,
        hours: encodeDayHours(rollDayHours(known, closed)),
      },
    },
  };
  // Rebuilt from the rollups: a day item may still sit under the key it had before (keys.ts 8d).
  return stored ? [put] : [put, { Delete: { Key: legacyMonitorDayKey(monitor.userId, monitor.monitorId) } }];
};

/** The first round's day item, empty; kept as it is when one is there already (a resumed monitor's). */
export const firstDayHoursItem = (monitor: MonitorForChecks): TableTransactItem => ({
  Update: {
    Key: monitorDayKey(monitor.userId, monitor.monitorId),
    UpdateExpression: 'SET entity = :entity, user_id = :user, monitor_id = :monitor, hours = if_not_exists(hours, :empty)',
    ExpressionAttributeValues: {
      ':entity': ENTITY.monitorDay,
      ':user': monitor.userId,
      ':monitor': monitor.monitorId,
      ':empty': encodeDayHours([]),
    },
  },
});

/**
 * What must still be there for a round to create items: the monitor item (a deleted monitor's
 * state item is gone, and a first round's update would create it again), unless the transaction
 * already updates it under that condition, and an owner whose account is not being erased (the
 * erasure marks the profile before it deletes anything, so a commit either lands before the mark,
 * where the erasure finds and deletes what it wrote, or is refused). Every round's transaction
 * carries them, an hour-closing steady round's too: the erasure deletes the partition's items in
 * batches, so its day item can be gone while the state item is still there. A steady round without
 * a transaction needs neither: it writes only the state item, which the erasure deletes after.
 */
export const ownerGuards = (monitor: Pick<MonitorForChecks, 'userId' | 'monitorId'>, monitorItemChecked: boolean): TableTransactItem[] => [
  {
    ConditionCheck: {
      Key: userKey(monitor.userId),
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion_started_at)',
    },
  },
  ...(monitorItemChecked
    ? []
    : [{ ConditionCheck: { Key: monitorKey(monitor.userId, monitor.monitorId), ConditionExpression: 'attribute_exists(PK)' } }]),
];

/** The day item's hours (read only when an hour closes); null when the monitor has none yet. */
const getDayHours = async (monitor: MonitorForChecks): Promise<HourlyRollup[] | null> => {
  const { Item } = await table.get({ Key: monitorDayKey(monitor.userId, monitor.monitorId), ConsistentRead: true });
  return Item ? decodeDayHours(typeof Item.hours === 'string' ? Item.hours : '') : null;
};
