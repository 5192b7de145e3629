/**
 * How due monitors are found and fanned out (ARCHITECTURE.md §1): the monitors are spread over
 * `DISPATCH_SHARDS` shards of the due index, each with its own one-minute schedule, so more
 * monitors means more dispatchers working in parallel, not one longer run.
 */
export const DISPATCH_SHARDS = 4;

/** Jobs per SQS message: one checker invocation runs a pack concurrently. */
export const JOBS_PER_MESSAGE = 50;

/** The scheduler ticks once a minute; faster intervals get a second, delayed job per tick. */
export const DISPATCH_TICK_SECONDS = 60;

export const DEFAULT_SLOW_THRESHOLD_MS = 5000;

/** FNV-1a: a stable, well-spread shard for an id, the same in every runtime. */
export const shardOf = (monitorId: string, shards = DISPATCH_SHARDS): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < monitorId.length; i++) {
    hash ^= monitorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
};

/**
 * The rounds to dispatch now for a monitor whose next check was due at `dueAt`, and when the one
 * after them falls due. A monitor that fell behind (the dispatcher was down) is checked once now,
 * not once per missed slot: a burst of stale checks would tell nobody anything.
 */
export const planRounds = (opts: {
  dueAt: Date;
  now: Date;
  intervalSeconds: number;
}): { rounds: { at: Date; delaySeconds: number }[]; nextDueAt: Date } => {
  const intervalMs = opts.intervalSeconds * 1000;
  const behind = opts.now.getTime() - opts.dueAt.getTime() >= Math.max(intervalMs, DISPATCH_TICK_SECONDS * 1000);
  const first = behind ? opts.now : opts.dueAt;
  const rounds = [{ at: first, delaySeconds: 0 }];
  // Sub-minute intervals: the rest of this tick's rounds go out now, delayed by SQS.
  for (let offset = intervalMs; offset < DISPATCH_TICK_SECONDS * 1000; offset += intervalMs) {
    rounds.push({ at: new Date(first.getTime() + offset), delaySeconds: Math.round(offset / 1000) });
  }
  const last = rounds.at(-1)!.at;
  return { rounds, nextDueAt: new Date(last.getTime() + intervalMs) };
};
