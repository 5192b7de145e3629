import type { HourlyRollup } from '../../shared/checks/rollups.js';
import { ENTITY, monitorItemsPrefix, userMonitorsPartition } from '../../shared/table/keys.js';
import { tableName } from '../clients/dynamodb.js';
import { queryAll, type TableItem } from './query-all.js';

/**
 * A monitor is two items next to each other in its owner's partition (keys.ts 6 and 8c): the
 * monitor (its settings, in the indexes) and its check state (what each round rewrites). Both
 * monitor-repository.ts and monitor-check-state-repository.ts read them together through here.
 */
export interface MonitorItems {
  monitor: TableItem;
  /** Absent until the first round is applied. */
  state: TableItem | undefined;
  /** The closed hours of the last day (keys.ts 8d); absent for monitors checked before it existed. */
  day?: TableItem | undefined;
}

/** Pairs each monitor item with its state item; state items without a monitor (a race with a delete) are dropped. */
export const pairWithState = (items: readonly TableItem[]): MonitorItems[] => {
  const byMonitor = (entity: string) =>
    new Map(items.filter((item) => item.entity === entity).map((item) => [String(item.monitor_id), item]));
  const states = byMonitor(ENTITY.monitorState);
  const days = byMonitor(ENTITY.monitorDay);
  return items
    .filter((item) => item.entity === ENTITY.monitor)
    .map((monitor) => ({ monitor, state: states.get(String(monitor.id)), day: days.get(String(monitor.id)) }));
};

/** One monitor of a user and its state, read consistently; null when the user has no such monitor. */
export const getMonitorItems = async (userId: string, monitorId: string): Promise<MonitorItems | null> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': monitorItemsPrefix(monitorId) },
    ConsistentRead: true,
  });
  return pairWithState(items)[0] ?? null;
};

/** The open hour as stored in a state item (`open_hour`), or null. */
export const toOpenHour = (value: unknown): HourlyRollup | null => {
  if (!value || typeof value !== 'object') return null;
  const open = value as Record<string, unknown>;
  return {
    hour: String(open.hour),
    checks: Number(open.checks ?? 0),
    ups: Number(open.ups ?? 0),
    responseTimeSumMs: Number(open.responseTimeSumMs ?? 0),
    responseTimeCount: Number(open.responseTimeCount ?? 0),
  };
};
