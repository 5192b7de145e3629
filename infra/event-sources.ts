import { DISPATCH_SHARDS } from '../shared/checks/dispatch.js';

/**
 * Which functions are triggered by a queue or a schedule: one list that the CDK stacks turn into
 * SQS event sources / EventBridge Scheduler schedules and the local cloud turns into pollers /
 * timers, so both wire the same functions the same way. API functions are wired from the route
 * table instead (shared/api/routes.ts).
 *
 * The check engine, alerts and reports issues add their rows here. The local cloud already runs
 * every row (infra/local/event-source-runner.ts); the CDK stacks gain their loop over these lists
 * with the first row, so that it is tested against a real function.
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
  /** One schedule per input, each sending it as the event (e.g. one per dispatch shard). */
  inputs: readonly Record<string, unknown>[];
}

export const QUEUE_CONSUMERS: readonly QueueConsumer[] = [];

export const SCHEDULED_FUNCTIONS: readonly ScheduledFunction[] = [
  {
    name: 'dispatcher',
    entry: 'functions/scheduled/dispatch-checks.ts',
    everyMinutes: 1,
    inputs: Array.from({ length: DISPATCH_SHARDS }, (_, shard) => ({ shard })),
  },
];
