import { adminCountersKey, ENTITY } from '../../shared/table/keys.js';
import { TIER_IDS, type TierId } from '../../shared/tiers.js';
import { logger } from '../observability/logger.js';
import * as table from './table-commands.js';

/**
 * The operator counters (keys.ts 22): how many users (in all, active, per tier), monitors (in all,
 * per status) and incidents (in all, open) exist, so the dashboard and the list totals cost one
 * GetItem instead of a walk over every item.
 *
 * Each change is an atomic ADD in its own UpdateItem, sent after the write it counts has committed
 * (never inside that write's transaction: one item in every create's and every incident's
 * transaction would make parallel writes conflict). The cost of that choice: a process that dies
 * between the two writes leaves a counter off by that change. Counting is best effort by design:
 * a failed ADD is logged and never fails the request that did the real work.
 * The nightly recount (functions/services/admin/recount-counters.ts) counts the items themselves and
 * ADDs the difference, which sets right both such a lost change and the incidents TTL deleted.
 * Writers: user-repository (signup), monitor-repository and monitor-batch-repository (create,
 * delete, pause/resume), the result processor (incidents), account erasure, and the admin services
 * (tier, active flag). Anything else that changes a user's tier (billing) calls `countTierChange`.
 */
export const COUNTER_NAMES = [
  'users_total',
  'users_active',
  ...TIER_IDS.map((tier) => `users_tier_${tier}` as const),
  'monitors_total',
  'monitors_active',
  'monitors_paused',
  'monitors_disabled',
  'incidents_total',
  'incidents_open',
] as const;
export type CounterName = (typeof COUNTER_NAMES)[number];
export type CounterDeltas = Partial<Record<CounterName, number>>;
export type Counters = Record<CounterName, number>;

export const tierCounter = (tier: TierId): CounterName => `users_tier_${tier}`;

/** The counter of monitors in a status (`active`, `paused`, `disabled`); null for anything else. */
export const monitorStatusCounter = (status: string): CounterName | null =>
  status === 'active' ? 'monitors_active' : status === 'paused' ? 'monitors_paused' : status === 'disabled' ? 'monitors_disabled' : null;

/** Adds the deltas (negative to subtract) in one UpdateItem. Never throws (see above). */
export const adjustCounters = async (deltas: CounterDeltas): Promise<void> => {
  const entries = Object.entries(deltas).filter(([, delta]) => typeof delta === 'number' && delta !== 0);
  if (!entries.length) return;
  try {
    await table.update({
      Key: adminCountersKey(),
      UpdateExpression: `SET entity = :entity ADD ${entries.map((_entry, i) => `#c${i} :d${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: {
        ':entity': ENTITY.adminCounters,
        ...Object.fromEntries(entries.map(([, delta], i) => [`:d${i}`, delta])),
      },
    });
  } catch (error) {
    logger.error('Could not update the operator counters', { deltas, error });
  }
};

/** Sums counter deltas (several changes counted in one write). */
export const sumDeltas = (...parts: CounterDeltas[]): CounterDeltas => {
  const sum: CounterDeltas = {};
  for (const part of parts) {
    for (const [name, delta] of Object.entries(part) as [CounterName, number][]) sum[name] = (sum[name] ?? 0) + delta;
  }
  return sum;
};

/**
 * Counter changes gathered over a batch of work and written in one UpdateItem at its end: a storm's
 * thousand incidents in a results batch cost one write of the counters item, not one each (the
 * processor, functions/services/checks/process-results.ts). Best effort like every other change.
 */
export interface CounterTally {
  add(deltas: CounterDeltas): void;
  /** Writes what was added since the last flush, if anything. Never throws. */
  flush(): Promise<void>;
}

export const counterTally = (): CounterTally => {
  let pending: CounterDeltas = {};
  return {
    add: (deltas) => {
      pending = sumDeltas(pending, deltas);
    },
    flush: async () => {
      const deltas = pending;
      pending = {};
      await adjustCounters(deltas);
    },
  };
};

/** A user's tier changed from `from` to `to` (admin edit, billing); nothing when it did not change. */
export const countTierChange = (from: TierId, to: TierId): Promise<void> =>
  from === to ? Promise.resolve() : adjustCounters({ [tierCounter(from)]: -1, [tierCounter(to)]: 1 });

/** Every counter as stored, 0 for those never written (negative if ADDs were lost: the recount needs the true value). */
export const readStoredCounters = async (): Promise<Counters> => {
  const { Item } = await table.get({ Key: adminCountersKey(), ConsistentRead: true });
  return Object.fromEntries(COUNTER_NAMES.map((name) => [name, Number(Item?.[name] ?? 0)])) as Counters;
};

/** Every counter, 0 for those never written; never below 0 (a lost ADD must not show as a negative count). */
export const readCounters = async (): Promise<Counters> => {
  const stored = await readStoredCounters();
  return Object.fromEntries(COUNTER_NAMES.map((name) => [name, Math.max(0, stored[name])])) as Counters;
};
