import {
  decodeHistograms,
  EMPTY_PHASES,
  encodeHistograms,
  histogramCount,
  latencyOfRounds,
  mergeRegionHistograms,
  PHASES,
  type HourLatency,
  type PhaseSums,
} from '../../shared/checks/latency-histogram.js';
import { decodeRounds, type DecidedRound } from '../../shared/checks/round-history.js';
import type { HourlyRollup } from '../../shared/checks/rollups.js';
import { typeOfTarget } from '../../shared/monitors/monitor-types.js';
import { dayRollupKey, roundHistoryKey } from '../../shared/table/keys.js';
import type { MonitorForChecks } from './monitor-check-state-repository.js';
import { queryAll, type TableItem } from './query-all.js';
import * as table from './table-commands.js';

/**
 * How an hour's latency is stored on the rollup items (docs/analytics.md "Where it is kept"): the
 * histograms as one string attribute, `latency`, and the phase sums as numbers, `phase_<phase>_ms`
 * and `phase_<phase>_n`. Numbers on an hour's item flow into its day's item with the other counters
 * (day-rollups.ts adds every number); the day's `latency` string is the merge of its hours', written
 * by the round that closes each hour.
 */
export const LATENCY_ATTRIBUTE = 'latency';

const phaseAttributes = (phases: PhaseSums): Record<string, number> =>
  Object.fromEntries(
    PHASES.flatMap((phase) =>
      phases[phase].count ? [[`phase_${phase}_ms`, Math.round(phases[phase].sumMs)], [`phase_${phase}_n`, phases[phase].count]] : [],
    ),
  );

/** The attributes an hour's latency adds to its rollup item; none for an hour without measured answers. */
export const latencyAttributes = (latency: HourLatency | null): Record<string, string | number> => {
  if (!latency) return {};
  const encoded = encodeHistograms(latency.histograms);
  return { ...(encoded ? { [LATENCY_ATTRIBUTE]: encoded } : {}), ...phaseAttributes(latency.phases) };
};

/** A stored rollup item's (hour or day) latency. */
export const latencyOfItem = (item: TableItem): HourLatency => {
  const phase = (name: string) => ({ sumMs: Number(item[`phase_${name}_ms`] ?? 0), count: Number(item[`phase_${name}_n`] ?? 0) });
  return {
    histograms: decodeHistograms(item[LATENCY_ATTRIBUTE]),
    phases: { ...EMPTY_PHASES, dns: phase('dns'), connect: phase('connect'), tls: phase('tls'), ttfb: phase('ttfb') },
  };
};

const isEmpty = (latency: HourLatency): boolean =>
  ![...latency.histograms.values()].some((histogram) => histogramCount(histogram) > 0) && PHASES.every((phase) => latency.phases[phase].count === 0);

/**
 * A monitor's decided rounds of one hour (keys.ts 86): its history items keyed inside the hour
 * (keys.ts 9b), each holding the rounds before its newest, or keyed up to `heldUntil` when that is
 * later (an hour read after it ended: its last rounds may sit in an item keyed by a later round). An
 * item may hold another hour's rounds too: the caller keeps the hour's own (`latencyOfRounds`).
 */
export const listRoundsOfHour = async (monitorId: string, hour: string, heldUntil = `${hour}:59:59.999Z`): Promise<DecidedRound[]> => {
  const from = roundHistoryKey(monitorId, `${hour}:00:00.000Z`);
  const to = roundHistoryKey(monitorId, heldUntil > `${hour}:59:59.999Z` ? heldUntil : `${hour}:59:59.999Z`);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': from.PK, ':from': from.SK, ':to': to.SK },
    ProjectionExpression: 'rounds',
    ConsistentRead: true,
  });
  return items.flatMap((item) => decodeRounds(typeof item.rounds === 'string' ? item.rounds : null, monitorId));
};

/**
 * The latency of each of a few hours, oldest first, from their rounds: those in history items, read
 * in one Query from the first hour up to `heldUntil` (listRoundsOfHour), and those still held in the
 * state item (`recent`). An hour without a measurement maps to null.
 */
export const hoursLatencyFromRounds = async (
  monitorId: string,
  hours: readonly string[],
  recent: string | null,
  heldUntil?: string,
): Promise<Map<string, HourLatency | null>> => {
  if (!hours.length) return new Map();
  const rounds = [...(await listRoundsOfHour(monitorId, hours[0]!, heldUntil)), ...decodeRounds(recent, monitorId)];
  return new Map(
    hours.map((hour) => {
      const latency = latencyOfRounds(rounds, hour);
      return [hour, isEmpty(latency) ? null : latency];
    }),
  );
};

/** The latency of one hour from its rounds (hoursLatencyFromRounds); null when nothing was measured. */
export const hourLatencyFromRounds = async (monitorId: string, hour: string, recent: string | null, heldUntil?: string): Promise<HourLatency | null> =>
  (await hoursLatencyFromRounds(monitorId, [hour], recent, heldUntil)).get(hour) ?? null;

/** What the round that closes an hour writes of its latency: on the hour's item, and its day's merged histograms. */
export interface ClosedHourLatency {
  hour: HourLatency;
  /** The day's `latency` after adding the hour's. */
  dayHistograms: string;
}

/**
 * The closing hour's latency (docs/analytics.md "Where it is kept"), read once an hour per monitor:
 * the hour's rounds and its day's histograms so far, side by side. None for a heartbeat (not timed)
 * and none for an hour with rounds inside a maintenance window: which of its rounds were inside
 * is not kept, and a window's answers stay out of every response-time figure (rollups.ts).
 */
export const closedHourLatency = async (monitor: MonitorForChecks, closed: HourlyRollup, closingRound: string): Promise<ClosedHourLatency | null> => {
  if (typeOfTarget(monitor.target) === 'heartbeat' || (closed.maintenance ?? 0) > 0 || closed.checks === 0) return null;
  const [hour, day] = await Promise.all([
    // The hour closes minutes after it ended (rollups.ts `advanceHours`): its last rounds may sit in
    // history items written since, keyed by a newer round, so the read runs up to the closing round.
    hourLatencyFromRounds(monitor.monitorId, closed.hour, monitor.recent, closingRound),
    // The round's compare-and-swap orders every close of this monitor's hours, so the day read
    // here already holds the hours closed before this one (docs/analytics.md "Where it is kept").
    table.get({
      Key: dayRollupKey(monitor.monitorId, closed.hour.slice(0, 10)),
      ProjectionExpression: '#latency',
      ExpressionAttributeNames: { '#latency': LATENCY_ATTRIBUTE },
      ConsistentRead: true,
    }),
  ]);
  if (!hour) return null;
  return { hour, dayHistograms: encodeHistograms(mergeRegionHistograms(decodeHistograms(day.Item?.[LATENCY_ATTRIBUTE]), hour.histograms)) };
};
