import type { CheckStateOfMonitor } from '../../repositories/monitor-check-state-repository.js';
import { agedEntries } from './aged-entries.js';

/**
 * The check state this process last committed for each monitor (docs/PERFORMANCE.md "The state a
 * processor wrote, kept"). A monitor's next round, 30 seconds later, usually comes to the same
 * process, and its state item then holds exactly what this process wrote: the pack's read asks for
 * the monitor item alone (its settings, always read) and takes the state from here, which halves the
 * items a round reads and skips the largest (the state item carries the newest rounds' answers).
 *
 * Whether the kept state is still the item's is for the round's compare-and-swap to say, as for any
 * read: another processor's round moves `last_round`, a pause sets `unwatched_since`, a resume
 * `watched_since`, a maintenance window its stamp, a deletion removes the item. A round that loses
 * the swap forgets the entry and reads the monitor again, consistently. The certificate marker is
 * written after the round under its own condition: a round that steps it forgets the entry too.
 *
 * It is this process's memory: on Lambda another instance simply reads. Entries older than
 * `keepMs` are dropped (a monitor checked elsewhere now, or deleted), and at most `maxEntries` are kept.
 */
export interface KeptStates {
  /** The state kept for `userId#monitorId`, if any and not too old. */
  get(key: string): CheckStateOfMonitor | undefined;
  keep(key: string, state: CheckStateOfMonitor): void;
  forget(key: string): void;
  /** Forgets every state (tests: a fresh process). */
  clear(): void;
}

export const keptStates = (keepMs: number, maxEntries: number, now: () => number = Date.now): KeptStates => {
  const states = agedEntries<CheckStateOfMonitor>(keepMs, maxEntries);
  return {
    get: (key) => states.get(key, now()),
    keep: (key, state) => states.set(key, state, now()),
    forget: (key) => states.delete(key),
    clear: () => states.clear(),
  };
};
