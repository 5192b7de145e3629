import { SQSClient } from '@aws-sdk/client-sqs';
import { installCapacityCounter } from './capacity-counter.js';
import { startEventSources } from './event-source-runner.js';
import { installFaultHooks } from './faults/install-fault-hooks.js';

/**
 * One worker process of the local cloud (queue-workers.ts starts it): runs the pollers of the queue
 * consumers named on its command line, as Lambda runs each function apart from the API, so that
 * checks and result processing use the machine's other core and never stall the gateway. The
 * Lambda environment comes from the parent (cloud.ts sets it before starting workers), plus
 * UPWATCH_QUEUE_URLS (every queue by name) and UPWATCH_CHECKER_REGIONS_LIST.
 */
const names = process.argv.slice(2);
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`queue worker: ${name} is not set`);
  return value;
};

const main = async () => {
  installCapacityCounter(names.join('+'));
  installFaultHooks(names.join('+'));
  const sqs = new SQSClient({
    region: env('AWS_REGION'),
    endpoint: env('SQS_ENDPOINT'),
    credentials: { accessKeyId: env('AWS_ACCESS_KEY_ID'), secretAccessKey: env('AWS_SECRET_ACCESS_KEY') },
  });
  const parts = await startEventSources({
    sqs,
    queueUrls: JSON.parse(env('UPWATCH_QUEUE_URLS')) as Record<string, string>,
    homeRegion: env('HOME_REGION'),
    checkerRegions: env('UPWATCH_CHECKER_REGIONS_LIST').split(','),
    runSchedules: false,
    consumers: names,
    onError: (name, error) => console.error(`[${name}] handler failed:`, error),
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void Promise.all(parts.map((part) => part.stop().catch(() => undefined))).then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent going away (crash, kill -9) must not leave a worker polling.
  process.on('disconnect', stop);
  process.send?.({ ready: parts.map((part) => part.name) });
};

main().catch((error: unknown) => {
  console.error('queue worker could not start:', error);
  process.exit(1);
});
