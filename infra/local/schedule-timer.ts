/**
 * What an EventBridge Scheduler rate schedule with a Lambda target does, for the local cloud: call
 * the handler with the schedule's input plus `scheduledTime` (the ISO time the tick was due, as
 * AWS fills in) every `everyMs`, on the boundaries of that period (whole minutes for a one-minute
 * schedule), never two runs of the same schedule at once (a slow run skips a tick rather than
 * piling up). Unlike AWS it also ticks once right after start, for the period it starts in, so a
 * fresh `npm start` checks what is due this minute instead of a minute later.
 */
export type ScheduledHandler = (event: Record<string, unknown>) => Promise<unknown>;

/** The start of the period `at` falls in. */
export const periodStart = (at: number, everyMs: number): number => Math.floor(at / everyMs) * everyMs;

export const startScheduleTimer = (opts: {
  name: string;
  everyMs: number;
  input: Record<string, unknown>;
  handler: ScheduledHandler;
  onError: (name: string, error: unknown) => void;
}): { stop(): Promise<void> } => {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = (scheduledAt: number) => {
    if (busy) return;
    busy = true;
    running = opts
      .handler({ ...opts.input, scheduledTime: new Date(scheduledAt).toISOString() })
      .catch((error: unknown) => opts.onError(opts.name, error))
      .finally(() => {
        busy = false;
      });
  };
  // Re-armed each period from the clock, so ticks stay on the boundaries instead of drifting.
  const armNext = () => {
    if (stopped) return;
    const next = periodStart(Date.now(), opts.everyMs) + opts.everyMs;
    timer = setTimeout(() => {
      tick(next);
      armNext();
    }, next - Date.now());
  };
  const first = setTimeout(() => tick(periodStart(Date.now(), opts.everyMs)), 1000);
  armNext();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(first);
      await running;
    },
  };
};
