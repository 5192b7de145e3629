/**
 * What an EventBridge Scheduler rate schedule with a Lambda target does, for the local cloud: call
 * the handler with the schedule's input every `everyMs`, never two runs of the same schedule at
 * once (a slow run skips a tick rather than piling up). Unlike AWS it also ticks once right after
 * start, so a fresh `npm start` checks due monitors at once instead of a minute later.
 */
export type ScheduledHandler = (event: Record<string, unknown>) => Promise<unknown>;

export const startScheduleTimer = (opts: {
  name: string;
  everyMs: number;
  input: Record<string, unknown>;
  handler: ScheduledHandler;
  onError: (name: string, error: unknown) => void;
}): { stop(): Promise<void> } => {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = opts
      .handler(opts.input)
      .catch((error: unknown) => opts.onError(opts.name, error))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, opts.everyMs);
  const first = setTimeout(tick, 1000);
  return {
    stop: async () => {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
};
