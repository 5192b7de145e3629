import type { CheckOptions } from '../../shared/monitors/check-options.js';
import { duePartition, duePhaseKey, scheduleIntervalsKey } from '../../shared/table/keys.js';
import type { MonitorTarget } from '../../shared/monitors/monitor-types.js';
import { storedCheckOptions, storedSlowThresholdMs, storedTarget } from './monitor-items.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';

/** The dispatcher's view of the table: the check intervals in use (8b) and the due index (8). */
export interface ScheduledMonitor {
  userId: string;
  monitorId: string;
  url: string;
  intervalSeconds: number;
  phaseSeconds: number;
  timeoutSeconds: number;
  /** The effective threshold: slow threshold or max_response_time_ms, whichever is stricter. */
  slowThresholdMs: number;
  /** Request options and assertions, secrets sealed (the due index projects the whole item). */
  options: CheckOptions | undefined;
  /** The non-HTTP target (monitor-types.ts); undefined for http. */
  target: MonitorTarget | undefined;
}

const toScheduledMonitor = (item: Record<string, unknown>): ScheduledMonitor => ({
  userId: String(item.user_id),
  monitorId: String(item.id),
  url: String(item.url),
  intervalSeconds: Number(item.check_interval),
  phaseSeconds: Number(item.phase),
  timeoutSeconds: Number(item.timeout),
  slowThresholdMs: storedSlowThresholdMs(item),
  options: storedCheckOptions(item),
  target: storedTarget(item),
});

/** Every check interval a monitor has been created or edited with (monitor-repository.ts). */
export const listCheckIntervals = async (): Promise<number[]> => {
  const { Item } = await table.get({ Key: scheduleIntervalsKey() });
  const intervals = Item?.intervals as Set<number> | undefined;
  return intervals ? [...intervals].map(Number).sort((a, b) => a - b) : [];
};

/** Active monitors of one shard and interval whose phase is in [from, to] (whole seconds). */
export const queryScheduledMonitors = async (opts: {
  shard: number;
  intervalSeconds: number;
  phaseFrom: number;
  phaseTo: number;
}): Promise<ScheduledMonitor[]> => {
  const items = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :due AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':due': duePartition(opts.shard, opts.intervalSeconds),
      ':from': duePhaseKey(opts.phaseFrom),
      ':to': duePhaseKey(opts.phaseTo),
    },
  });
  return items.map(toScheduledMonitor);
};
