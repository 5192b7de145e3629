import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { deadLetterQueueName, pipelineQueueNames } from '../../../shared/queues.js';
import { countOf } from '../../../shared/texts.js';
import { endpoints, readLocalSettings } from '../settings.js';
import { redriveDeadLetters } from './dead-letter-redrive.js';

/**
 * `npm run redrive -- <queue>`: moves what waits in the queue's dead-letter queue back into it, on
 * the running local cloud (`npm start`, same settings). `<queue>` is a pipeline queue's name, with or
 * without its `upwatch-` prefix or `-dlq` suffix. On AWS, see docs/operations.md.
 */
const settings = readLocalSettings();
const queues = pipelineQueueNames(settings.checkerRegions);

const queueNamed = (arg: string | undefined): string | undefined => {
  if (!arg) return undefined;
  const bare = arg.replace(/-dlq$/, '');
  return queues.find((name) => name === bare || name === `upwatch-${bare}`);
};

const main = async () => {
  const queue = queueNamed(process.argv[2]);
  if (!queue) {
    console.error(`Usage: npm run redrive -- <queue>\nQueues: ${queues.join(', ')}`);
    process.exit(2);
  }
  const sqs = new SQSClient({
    region: settings.region,
    endpoint: endpoints(settings).sqs,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const urlOf = async (QueueName: string) => (await sqs.send(new GetQueueUrlCommand({ QueueName }))).QueueUrl!;
  const { moved } = await redriveDeadLetters({
    sqs,
    sourceQueueUrl: await urlOf(queue),
    deadLetterQueueUrl: await urlOf(deadLetterQueueName(queue)),
  });
  console.log(`Moved ${countOf(moved, 'message')} from ${deadLetterQueueName(queue)} back to ${queue}.`);
};

main().catch((error: unknown) => {
  console.error(`Redrive failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`Is the local cloud running (npm start) on SQS port ${settings.ports.sqs}?`);
  process.exit(1);
});
