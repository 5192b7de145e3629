import { mapWithConcurrency } from '../checks/run-check-jobs.js';

/**
 * Reads that take one query per monitor (rollups, latest checks) run in parallel lanes, so a user
 * with the enterprise cap (500 monitors) waits for ~500/16 round trips, not 500; and at most 16 at
 * once, well under the SDK's 50 sockets, so one request never queues behind its own reads.
 */
export const PER_MONITOR_READ_CONCURRENCY = 16;

/** `read` for every monitor (or entry about one), results in the same order. */
export const readPerMonitor = <T, R>(monitors: readonly T[], read: (monitor: T) => Promise<R>): Promise<R[]> =>
  mapWithConcurrency(monitors, PER_MONITOR_READ_CONCURRENCY, read);
