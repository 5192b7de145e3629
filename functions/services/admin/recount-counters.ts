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
 */

const zeroCounters = (): Counters => Object.fromEntries(COUNTER_NAMES.map((name) => [name, 0])) as Counters;

export const countUser = (counts: Counters, user: CountedUser): void => {
  counts.users_total += 1;
  if (user.isActive) counts.users_active += 1;
  counts[tierCounter(user.tier)] += 1;
};

export const countMonitor = (counts: Counters, monitor: CountedMonitor): void => {
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

const countAll = async (now: Date): Promise<Counters> => {
  const counts = zeroCounters();
  const walk = async <T>(items: AsyncGenerator<T>, count: (item: T) => void): Promise<void> => {
    for await (const item of items) count(item);
  };
  await Promise.all([
    walk(countedUsers(), (user) => countUser(counts, user)),
    walk(countedMonitors(), (monitor) => countMonitor(counts, monitor)),
    walk(countedIncidents(), (incident) => countIncident(counts, incident, now)),
  ]);
  return counts;
};

/** Counts every user, monitor and incident and sets the counters right; returns what it added. */
export const recountOperatorCounters = async (now: Date): Promise<CounterDeltas> => {
  const stored = await readStoredCounters();
  const corrections = correctionsOf(stored, await countAll(now));
  if (Object.keys(corrections).length) {
    await adjustCounters(corrections);
    logger.info('Operator counters set right by the recount', { corrections });
  }
  return corrections;
};
