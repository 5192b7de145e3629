import { decodeTime, encodeTime } from 'ulid';
import type { TableCensus, TableCensusKind } from '../../../shared/admin/responses.js';
import { CHECK_SK_PREFIX, DAY_ROLLUP_SK_PREFIX, ROLLUP_SK_PREFIX, ROUNDS_SK_PREFIX } from '../../../shared/table/keys.js';
import { readCounters, type Counters } from '../../repositories/admin-counters-repository.js';
import { countMonitorItems, monitorIdsFrom, saveTableCensus } from '../../repositories/table-census-repository.js';
import { describeTableSize } from '../../repositories/table-repository.js';

/** Monitors whose partitions the census counts; the per-monitor kinds are scaled from them. */
export const CENSUS_SAMPLE_MONITORS = 25;

/** The per-monitor kinds, each a sort-key prefix of a monitor's partition (keys.ts 9, 9b, 11, 52). */
const PER_MONITOR_KINDS = [
  { kind: 'check_results', prefix: CHECK_SK_PREFIX },
  { kind: 'hourly_rollups', prefix: ROLLUP_SK_PREFIX },
  { kind: 'round_history', prefix: ROUNDS_SK_PREFIX },
  { kind: 'daily_rollups', prefix: DAY_ROLLUP_SK_PREFIX },
] as const satisfies readonly { kind: TableCensusKind['kind']; prefix: string }[];

type PerMonitorCounts = Record<(typeof PER_MONITOR_KINDS)[number]['kind'], number>;

/**
 * The census from what was read: users, monitors and incidents are the operator counters (exact);
 * each per-monitor kind is the sampled monitors' mean times the number of monitors (an estimate,
 * marked so). No sample (no monitors) estimates 0.
 */
export const censusFrom = (input: {
  now: Date;
  counters: Pick<Counters, 'users_total' | 'monitors_total' | 'incidents_total'>;
  size: { bytes: number; items: number };
  samples: readonly PerMonitorCounts[];
}): TableCensus => {
  const scaled = (kind: keyof PerMonitorCounts): number => {
    if (!input.samples.length) return 0;
    const mean = input.samples.reduce((sum, sample) => sum + sample[kind], 0) / input.samples.length;
    return Math.round(mean * input.counters.monitors_total);
  };
  return {
    measured_at: input.now.toISOString(),
    table_bytes: input.size.bytes,
    table_items: input.size.items,
    sampled_monitors: input.samples.length,
    kinds: [
      { kind: 'users', items: input.counters.users_total, estimated: false },
      { kind: 'monitors', items: input.counters.monitors_total, estimated: false },
      { kind: 'incidents', items: input.counters.incidents_total, estimated: false },
      ...PER_MONITOR_KINDS.map(({ kind }) => ({ kind, items: scaled(kind), estimated: true })),
    ],
  };
};

/**
 * Monitor ids spread over the monitors' history: from a random point between the oldest monitor
 * and now (ids are ULIDs, sorted by creation), topped up from the oldest when the tail is short,
 * so a census is not always the same first monitors.
 */
const sampleMonitorIds = async (now: Date, random: () => number): Promise<string[]> => {
  const [oldest] = await monitorIdsFrom(null, 1);
  if (!oldest) return [];
  const from = decodeTime(oldest);
  const start = encodeTime(Math.floor(from + random() * Math.max(0, now.getTime() - from)), 10);
  const tail = await monitorIdsFrom(start, CENSUS_SAMPLE_MONITORS);
  if (tail.length >= CENSUS_SAMPLE_MONITORS) return tail;
  const head = await monitorIdsFrom(null, CENSUS_SAMPLE_MONITORS);
  return [...new Set([...tail, ...head])].slice(0, CENSUS_SAMPLE_MONITORS);
};

/**
 * The daily table census (docs/admin.md "Table size by kind"): DynamoDB's size of the whole table,
 * the counters, and COUNT queries of a sample of monitor partitions, stored for the operator
 * dashboard to read with one GetItem. Reads about 4 x 25 small COUNT pages a day: never a Scan.
 */
export const takeTableCensus = async (now: Date, random: () => number = Math.random): Promise<TableCensus> => {
  const [counters, size, monitorIds] = await Promise.all([readCounters(), describeTableSize(), sampleMonitorIds(now, random)]);
  const samples: PerMonitorCounts[] = [];
  for (const monitorId of monitorIds) {
    const counts = await Promise.all(PER_MONITOR_KINDS.map(({ prefix }) => countMonitorItems(monitorId, prefix)));
    samples.push(Object.fromEntries(PER_MONITOR_KINDS.map(({ kind }, i) => [kind, counts[i] ?? 0])) as PerMonitorCounts);
  }
  const census = censusFrom({ now, counters, size, samples });
  await saveTableCensus(census);
  return census;
};
