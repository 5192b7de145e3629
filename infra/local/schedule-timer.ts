import type { Context } from 'aws-lambda';
import { WEEK_DAYS, type CronSchedule, type ScheduledFunction } from '../event-sources.js';
import { localLambdaContext } from './lambda-context.js';

/**
 * What an EventBridge Scheduler schedule with a Lambda target does, for the local cloud: call the
 * handler with the schedule's input plus `scheduledTime` (the ISO time the tick was due, as AWS
 * fills in) at the times the row names, never two runs of the same schedule at once (a slow run
 * skips a tick rather than piling up). A rate schedule ticks on the boundaries of its period
 * (whole minutes for a one-minute schedule) and, unlike AWS, also once right after start, for the
 * period it starts in, so a fresh `npm start` checks what is due this minute instead of a minute
 * later. A cron schedule (a time of day, UTC) ticks only at its times: starting the cloud does
 * not send today's reports again.
 */
export type ScheduledHandler = (event: Record<string, unknown>, context?: Context) => Promise<unknown>;

/** When a schedule's ticks are due, in epoch milliseconds. */
export interface TickPlan {
  /** The first due time strictly after `after`. */
  next(after: number): number;
  /** The due time of a tick to run right after start, or null for none. */
  atStart(now: number): number | null;
}

const DAY_MS = 86_400_000;

/** The start of the period `at` falls in. */
export const periodStart = (at: number, everyMs: number): number => Math.floor(at / everyMs) * everyMs;

export const ratePlan = (everyMs: number): TickPlan => ({
  next: (after) => periodStart(after, everyMs) + everyMs,
  atStart: (now) => periodStart(now, everyMs),
});

/** The first time strictly after `after` at the cron's hour and minute (UTC), on its weekday or day of the month if it names one. */
export const nextCronTime = (after: number, cron: CronSchedule): number => {
  const day = new Date(after);
  let candidate = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), cron.hour, cron.minute);
  while (
    candidate <= after ||
    (cron.weekDay !== undefined && WEEK_DAYS[new Date(candidate).getUTCDay()] !== cron.weekDay) ||
    (cron.monthDay !== undefined && new Date(candidate).getUTCDate() !== cron.monthDay)
  ) {
    candidate += DAY_MS;
  }
  return candidate;
};

export const cronPlan = (cron: CronSchedule): TickPlan => ({
  next: (after) => nextCronTime(after, cron),
  atStart: () => null,
});

/** The plan of an infra/event-sources.ts row. */
export const tickPlanOf = (row: ScheduledFunction): TickPlan =>
  row.cron ? cronPlan(row.cron) : ratePlan(row.everyMinutes * 60_000);

export const startScheduleTimer = (opts: {
  name: string;
  plan: TickPlan;
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
      .handler({ ...opts.input, scheduledTime: new Date(scheduledAt).toISOString() }, localLambdaContext(opts.name))
      .catch((error: unknown) => opts.onError(opts.name, error))
      .finally(() => {
        busy = false;
      });
  };
  // Re-armed after each tick from the clock, so ticks stay on their times instead of drifting; from
  // the tick's own due time at the latest, so a timer that fires a moment early cannot repeat it.
  const armNext = (after: number) => {
    if (stopped) return;
    const next = opts.plan.next(Math.max(after, Date.now()));
    timer = setTimeout(() => {
      tick(next);
      armNext(next);
    }, next - Date.now());
  };
  const startTick = opts.plan.atStart(Date.now());
  const first = startTick === null ? undefined : setTimeout(() => tick(startTick), 1000);
  armNext(Date.now());
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(first);
      await running;
    },
  };
};
