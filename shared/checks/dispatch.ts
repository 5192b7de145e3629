/**
 * How due monitors are found and fanned out (docs/contracts.md "Check pipeline messages"): the monitors are spread over
 * `DISPATCH_SHARDS` shards of the due index, each with its own one-minute schedule, so more
 * monitors means more dispatchers working in parallel, not one longer run.
 */
export const DISPATCH_SHARDS = 4;

/** Jobs per SQS message: one checker invocation runs a pack concurrently. */
export const JOBS_PER_MESSAGE = 50;

/** How many checks one checker invocation runs at once; each holds one socket, mostly waiting. */
export const CHECK_CONCURRENCY = 100;

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
 * The check schedule is arithmetic, not stored state (docs/PERFORMANCE.md (d)):
 * a monitor is checked at every time t (whole epoch seconds) with t ≡ phase (mod interval). Its
 * interval and phase are written once, when the monitor is created, edited or resumed, into the
 * due index key (keys.ts `dueKey`: partition per shard and interval, sort key the phase). Each
 * scheduler tick covers one minute [T, T + 60 s) and finds the monitors with a slot in it by their
 * phase range; the dispatcher writes nothing per round, so a steady check costs no scheduling writes.
 *
 * A round's id is its slot time (check-round.ts), so a tick delivered twice or two overlapping
 * runs send the same round ids, which the result processor deduplicates. A tick that never runs
 * skips that minute's rounds; the next slot checks again (a burst of stale checks would tell
 * nobody anything).
 */
export interface CheckSchedule {
  intervalSeconds: number;
  /** 0 <= phase < interval, whole seconds. */
  phaseSeconds: number;
}

const mod = (a: number, n: number): number => ((a % n) + n) % n;

/** The start of the minute `at` falls in: the window a tick at `at` covers starts here. */
export const tickWindowStart = (at: Date): Date => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/**
 * The schedule of a monitor created, edited or resumed at `now`: its first round falls in the
 * next tick's window (within about two minutes), at a second of that minute spread by the monitor
 * id so that monitors added together do not all fire on the minute.
 */
export const scheduleStartingSoon = (monitorId: string, intervalSeconds: number, now: Date): CheckSchedule => {
  const nextWindow = tickWindowStart(now).getTime() / 1000 + DISPATCH_TICK_SECONDS;
  const spread = shardOf(monitorId, DISPATCH_TICK_SECONDS);
  return { intervalSeconds, phaseSeconds: mod(nextWindow + spread, intervalSeconds) };
};

/** The slot times of a schedule inside the tick window that starts at `windowStart`. */
export const slotsInWindow = (schedule: CheckSchedule, windowStart: Date): Date[] => {
  const start = windowStart.getTime() / 1000;
  const slots: Date[] = [];
  for (
    let t = start + mod(schedule.phaseSeconds - start, schedule.intervalSeconds);
    t < start + DISPATCH_TICK_SECONDS;
    t += schedule.intervalSeconds
  ) {
    slots.push(new Date(t * 1000));
  }
  return slots;
};

/**
 * The phase ranges (inclusive) that have a slot in the window starting at `windowStart`: every
 * phase when the interval is a minute or less; otherwise the window's 60 seconds modulo the
 * interval, split in two where they wrap around.
 */
export const phaseRangesInWindow = (intervalSeconds: number, windowStart: Date): [number, number][] => {
  if (intervalSeconds <= DISPATCH_TICK_SECONDS) return [[0, intervalSeconds - 1]];
  const first = mod(windowStart.getTime() / 1000, intervalSeconds);
  const last = first + DISPATCH_TICK_SECONDS - 1;
  return last < intervalSeconds ? [[first, last]] : [[first, intervalSeconds - 1], [0, last - intervalSeconds]];
};
