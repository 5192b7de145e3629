import { isPastTtl } from '../../../shared/checks/retention.js';
import {
  adjustCounters,
  COUNTER_NAMES,
  monitorStatusCounter,
  readStoredCounters,
  tierCounter,
  type CounterDeltas,
  type Counters,
} from '../../repositories/admin-counters-repository.js';
import {
  countedIncidents,
  countedMonitors,
  countedUsers,
  type CountedIncident,
  type CountedMonitor,
  type CountedUser,
} from '../../repositories/counted-items-repository.js';
import { repairMonitorPlaces, takesPlace } from '../../repositories/monitor-places-repository.js';
import { logger } from '../../observability/logger.js';

/**
 * The nightly recount of the operator counters (docs/admin.md "Counters"). The counters are ADDs
 * sent after the writes they count, so they drift in two ways: a process that dies between the two
 * loses one change, and DynamoDB's TTL deletes ended incidents (30 days after the end on Free)
 * without anyone subtracting them. The recount counts the items themselves and ADDs the difference.
 *
 * An ADD of the difference, not a SET of the count: a change counted while the walk ran (a new
 * incident, a pause) stays in the counter. What the walk itself saw or missed of those few seconds'
 * changes can leave a counter off by them until the next night's recount.
 *
 * The same walk finds each workspace whose `monitor_count` (the places under its plan's cap) differs
 * from its monitors, and has it repaired from a consistent read (monitor-places-repository.ts).
 */

const zeroCounters = (): Counters => Object.fromEntries(COUNTER_NAMES.map((name) => [name, 0])) as Counters;

export const countUser = (counts: Counters, user: Pick<CountedUser, 'isActive' | 'tier'>): void => {
  counts.users_total += 1;
  if (user.isActive) counts.users_active += 1;
  counts[tierCounter(user.tier)] += 1;
};

export const countMonitor = (counts: Counters, monitor: Pick<CountedMonitor, 'status'>): void => {
  counts.monitors_total += 1;
  const byStatus = monitorStatusCounter(monitor.status);
  if (byStatus) counts[byStatus] += 1;
};

/**
 * An incident past its TTL is not counted: DynamoDB deletes it within days (docs/product-rules.md
 * "Retention"), and no list shows it meanwhile. An open incident has no TTL.
 */
export const countIncident = (counts: Counters, incident: CountedIncident, now: Date): void => {
  if (isPastTtl({ expires_at: incident.expiresAt }, now)) return;
  counts.incidents_total += 1;
  if (incident.status === 'open') counts.incidents_open += 1;
};

/** What to ADD to the stored counters to make them the counted ones (only those that differ). */
export const correctionsOf = (stored: Counters, counted: Counters): CounterDeltas =>
  Object.fromEntries(
    COUNTER_NAMES.filter((name) => counted[name] !== stored[name]).map((name) => [name, counted[name] - stored[name]]),
  ) as CounterDeltas;

/** What the walk counted: the counters, and per workspace the places its profile says and its monitors take. */
interface Walked {
  counts: Counters;
  storedPlaces: Map<string, number>;
  countedPlaces: Map<string, number>;
}

const walkAll = async (now: Date): Promise<Walked> => {
  const walked: Walked = { counts: zeroCounters(), storedPlaces: new Map(), countedPlaces: new Map() };
  const { counts, storedPlaces, countedPlaces } = walked;
  const walk = async <T>(items: AsyncGenerator<T>, count: (item: T) => void): Promise<void> => {
    for await (const item of items) count(item);
  };
  await Promise.all([
    walk(countedUsers(), (user) => {
      countUser(counts, user);
      storedPlaces.set(user.id, user.monitorCount);
    }),
    walk(countedMonitors(), (monitor) => {
      countMonitor(counts, monitor);
      if (takesPlace(monitor)) countedPlaces.set(monitor.workspaceId, (countedPlaces.get(monitor.workspaceId) ?? 0) + 1);
    }),
    walk(countedIncidents(), (incident) => countIncident(counts, incident, now)),
  ]);
  return walked;
};

/** The workspaces whose profile's count differs from what their monitors take (the walk's reading, to be checked). */
export const placesToCheck = (stored: ReadonlyMap<string, number>, counted: ReadonlyMap<string, number>): string[] =>
  [...stored].filter(([workspaceId, places]) => places !== (counted.get(workspaceId) ?? 0)).map(([workspaceId]) => workspaceId);

export interface Recount {
  /** What was added to each operator counter that was off. */
  corrections: CounterDeltas;
  /** The workspaces whose `monitor_count` was set right. */
  placesRepaired: { workspaceId: string; from: number; to: number }[];
  /** Those found off but left for the next recount: an upload reserved places lately, or the count moved meanwhile. */
  placesLeft: { workspaceId: string; reason: 'changed' | 'reserved' }[];
}

/** Counts every user, monitor and incident and sets the counters and the workspaces' monitor counts right. */
export const recountOperatorCounters = async (now: Date): Promise<Recount> => {
  const stored = await readStoredCounters();
  const walked = await walkAll(now);
  const corrections = correctionsOf(stored, walked.counts);
  if (Object.keys(corrections).length) {
    await adjustCounters(corrections);
    logger.info('Operator counters set right by the recount', { corrections });
  }
  const placesRepaired: Recount['placesRepaired'] = [];
  const placesLeft: Recount['placesLeft'] = [];
  for (const workspaceId of placesToCheck(walked.storedPlaces, walked.countedPlaces)) {
    const repair = await repairMonitorPlaces(workspaceId, now);
    if (repair.kind === 'repaired') {
      placesRepaired.push({ workspaceId, from: repair.from, to: repair.to });
      logger.info('A workspace\'s monitor count set right by the recount', { workspaceId, from: repair.from, to: repair.to });
    } else if (repair.kind === 'left' && repair.reason !== 'gone') {
      placesLeft.push({ workspaceId, reason: repair.reason });
    }
  }
  return { corrections, placesRepaired, placesLeft };
};
