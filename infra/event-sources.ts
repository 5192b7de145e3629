import { DISPATCH_SHARDS } from '../shared/checks/dispatch.js';
import { CHECK_RESULTS_QUEUE, checkQueueName } from '../shared/queues.js';

/**
 * Which functions are triggered by a queue or a schedule: one list that the CDK stacks turn into
 * SQS event sources / EventBridge Scheduler schedules and the local cloud turns into pollers /
 * timers, so both wire the same functions the same way. API functions are wired from the route
 * table instead (shared/api/routes.ts).
 *
 * The alerts and reports issues add their rows here.
 */
export interface QueueConsumer {
  /** Logical function name, also the CDK construct id. */
  name: string;
  /** Module exporting `handler(event: SQSEvent): Promise<SQSBatchResponse>`. */
  entry: string;
  /** Queue it consumes (one of shared/queues.ts), given the checker region it runs in, if any. */
  queueName: (region: string) => string;
  /** Runs once per checker region (checkers) or once in the home region. */
  perCheckerRegion: boolean;
  batchSize: number;
}

export interface ScheduledFunction {
  name: string;
  /** Module exporting `handler(event): Promise<void>`; the event is one of `inputs`. */
  entry: string;
  everyMinutes: number;
  /**
   * One schedule per input, each sending it as the event (e.g. one per dispatch shard), plus
   * `scheduledTime`: the ISO time the tick was due (on AWS EventBridge Scheduler's scheduled time).
   */
  inputs: readonly Record<string, unknown>[];
}

export const QUEUE_CONSUMERS: readonly QueueConsumer[] = [
  {
    name: 'checker',
    entry: 'functions/queues/run-checks.ts',
    queueName: checkQueueName,
    perCheckerRegion: true,
    // One message is a pack of up to 50 jobs; one at a time keeps a slow pack from delaying others.
    batchSize: 1,
  },
  {
    name: 'processor',
    entry: 'functions/queues/process-check-results.ts',
    queueName: () => CHECK_RESULTS_QUEUE,
    perCheckerRegion: false,
    batchSize: 10,
  },
];

export const SCHEDULED_FUNCTIONS: readonly ScheduledFunction[] = [
  {
    name: 'dispatcher',
    entry: 'functions/scheduled/dispatch-checks.ts',
    everyMinutes: 1,
    inputs: Array.from({ length: DISPATCH_SHARDS }, (_, shard) => ({ shard })),
  },
];
