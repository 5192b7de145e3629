/**
 * A process's short memory, for the result processor's caches (kept-states.ts, answered-packs.ts,
 * the owners' tiers in process-results.ts): values by key, each good for `keepMs` after it was set,
 * at most `maxEntries` of them. None of these caches decides anything on its own; each only saves a
 * read, so an entry that is dropped early costs a read and nothing else.
 *
 * The caller gives the time of each call (`at`, epoch ms), so a cache can run on its batch's clock.
 * Insertion order is age order (setting a key again moves it to the back), so dropping the old
 * entries stops at the first young one.
 */
export interface AgedEntries<V> {
  /** The value set for `key`, if it was set no more than `keepMs` before `at`. */
  get(key: string, at: number): V | undefined;
  /** Sets `key` as the newest entry, then drops the entries older than `keepMs` and, oldest first, any beyond `maxEntries`. */
  set(key: string, value: V, at: number): void;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
}

export const agedEntries = <V>(keepMs: number, maxEntries = Number.POSITIVE_INFINITY): AgedEntries<V> => {
  const entries = new Map<string, { value: V; at: number }>();
  const dropOld = (at: number) => {
    for (const [key, entry] of entries) {
      if (entry.at >= at - keepMs && entries.size <= maxEntries) break;
      entries.delete(key);
    }
  };
  return {
    get: (key, at) => {
      const entry = entries.get(key);
      return entry && entry.at >= at - keepMs ? entry.value : undefined;
    },
    set: (key, value, at) => {
      entries.delete(key);
      entries.set(key, { value, at });
      dropOld(at);
    },
    delete: (key) => {
      entries.delete(key);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
};
