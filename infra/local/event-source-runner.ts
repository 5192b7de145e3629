import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { describeSchedule, QUEUE_CONSUMERS, SCHEDULED_FUNCTIONS } from '../event-sources.js';
import { withInstalledFaultHooks } from './faults/install-fault-hooks.js';
import { startScheduleTimer, tickPlanOf, type ScheduledHandler } from './schedule-timer.js';
import { startSqsPoller, type SqsHandler } from './sqs-poller.js';
import type { RunningPart } from './supervisor.js';

/**
 * Batches each local consumer handles at once. On AWS a queue's Lambda scales out; locally a few
 * loops keep one slow batch (a pack of checks against a site that times out) from holding up the rest.
 */
const LOCAL_BATCHES_IN_FLIGHT = 4;

/** Starts a poller per queue consumer (per checker region where it runs per region) and a timer per schedule. */
export const startEventSources = async (opts: {
  sqs: SQSClient;
  queueUrls: Record<string, string>;
  homeRegion: string;
  checkerRegions: readonly string[];
  /** False in the tests, which drive the schedules themselves so that time is theirs to control. */
  runSchedules: boolean;
  onError: (name: string, error: unknown) => void;
  /** Which queue consumers to run here (by name); all by default. The others run in worker processes (queue-workers.ts). */
  consumers?: readonly string[];
}): Promise<RunningPart[]> => {
  const importHandler = async <H>(entry: string): Promise<H> => {
    const module = (await import(pathToFileURL(path.resolve(entry)).href)) as { handler?: H };
    if (typeof module.handler !== 'function') throw new Error(`${entry} does not export a handler`);
    return module.handler;
  };

  const parts: RunningPart[] = [];
  for (const consumer of QUEUE_CONSUMERS.filter((row) => !opts.consumers || opts.consumers.includes(row.name))) {
    const handler = await importHandler<SqsHandler>(consumer.entry);
    for (const region of consumer.perCheckerRegion ? opts.checkerRegions : [opts.homeRegion]) {
      const queueName = consumer.queueName(region);
      const queueUrl = opts.queueUrls[queueName];
      if (!queueUrl) throw new Error(`${consumer.name} consumes ${queueName}, which was not provisioned`);
      const name = consumer.perCheckerRegion ? `${consumer.name}@${region}` : consumer.name;
      const poller = startSqsPoller({
        name,
        sqs: opts.sqs,
        queueUrl,
        queueArn: `arn:aws:sqs:${region}:000000000000:${queueName}`,
        region,
        batchSize: consumer.batchSize,
        handler: withInstalledFaultHooks(consumer.name, region, handler),
        onError: opts.onError,
        concurrency: LOCAL_BATCHES_IN_FLIGHT,
        batchingWindowMs: (consumer.batchingWindowSeconds ?? 0) * 1000,
      });
      parts.push({ name, describe: `poller ${name.padEnd(11)} <- ${queueName}`, stop: poller.stop });
    }
  }
  for (const scheduled of opts.runSchedules ? SCHEDULED_FUNCTIONS : []) {
    const handler = await importHandler<ScheduledHandler>(scheduled.entry);
    const timers = scheduled.inputs.map((input) =>
      startScheduleTimer({
        name: scheduled.name,
        plan: tickPlanOf(scheduled),
        input,
        handler,
        onError: opts.onError,
      }),
    );
    parts.push({
      name: scheduled.name,
      describe: `timer  ${scheduled.name.padEnd(14)} ${describeSchedule(scheduled)} x ${timers.length} (${scheduled.inputs.map((input) => JSON.stringify(input)).join(' ')})`,
      stop: async () => {
        await Promise.all(timers.map((timer) => timer.stop()));
      },
    });
  }
  return parts;
};
