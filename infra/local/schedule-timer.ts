import type { ScheduledEvent } from 'aws-lambda';

/**
 * What an EventBridge Scheduler rate schedule does, for the local cloud: call the handler every
 * `everyMinutes`, never two runs of the same function at once (a slow run delays the next tick, as
 * a Lambda with reserved concurrency 1 would).
 */
export type ScheduledHandler = (event: ScheduledEvent) => Promise<unknown>;

export const scheduledEvent = (name: string, time: Date, region: string): ScheduledEvent => ({
  version: '0',
  id: `${name}-${time.getTime()}`,
  'detail-type': 'Scheduled Event',
  source: 'aws.scheduler',
  account: '000000000000',
  time: time.toISOString(),
  region,
  resources: [`arn:aws:scheduler:${region}:000000000000:schedule/default/${name}`],
  detail: {},
});

export const startScheduleTimer = (opts: {
  name: string;
  everyMs: number;
  region: string;
  handler: ScheduledHandler;
  onError: (name: string, error: unknown) => void;
}): { stop(): Promise<void> } => {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = opts
      .handler(scheduledEvent(opts.name, new Date(), opts.region))
      .catch((error: unknown) => opts.onError(opts.name, error))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, opts.everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
