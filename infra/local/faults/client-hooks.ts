import { ProvisionedThroughputExceededException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESServiceException, type SESClient } from '@aws-sdk/client-ses';
import type { SendMessageBatchCommandOutput } from '@aws-sdk/client-sqs';
import { dynamo } from '../../../functions/clients/dynamodb.js';
import { ses } from '../../../functions/clients/ses.js';
import { sqsIn } from '../../../functions/clients/sqs.js';
import { appendJournal, killSelfFor, pendingKill, shareCounter, type FaultWatch } from './fault-control.js';

/**
 * The fault hooks that sit on the product's process-wide AWS clients (functions/clients/), added
 * as SDK middleware by the local cloud's processes (install-fault-hooks.ts). The functions' code is
 * unchanged: it meets the faults as it would meet them on AWS.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

/** A processor kill request waits this long for a transition's transaction, then takes any write. */
export const KILL_ANY_WRITE_AFTER_MS = 15_000;

/**
 * DynamoDB: throttling and added latency on a share of calls. Added in the `deserialize` step,
 * which runs inside the SDK's retry loop, so a throttled attempt is retried by the SDK with its
 * back-off exactly as a real ProvisionedThroughputExceededException is; only a call whose every
 * attempt is throttled reaches the function. In the processor process it also carries out a kill
 * request "between its writes": right after a write succeeded (preferably a transition's
 * transaction: incident and outbox entry written, the alert message not sent yet, the results
 * message not deleted) the process dies.
 */
export const installDynamoDbFaults = (watch: FaultWatch, opts: { dir: string; killable: boolean }, client: Pick<DynamoDBClient, 'middlewareStack'> = dynamo()): void => {
  const throttled = shareCounter();
  const delayed = shareCounter();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const fault = watch.current().dynamodb;
      if (fault && delayed(fault.latencyShare)) await sleep(fault.latencyMs);
      if (fault && throttled(fault.throttleShare)) {
        throw new ProvisionedThroughputExceededException({
          message: 'The level of configured provisioned throughput for the table was exceeded (injected fault).',
          $metadata: { httpStatusCode: 400 },
        });
      }
      const output = await next(args);
      const command = context.commandName ?? '';
      if (opts.killable && WRITES.has(command)) {
        const request = pendingKill(opts.dir, 'processor');
        if (request && (command === 'TransactWriteItemsCommand' || Date.now() - Date.parse(request.requestedAt) > KILL_ANY_WRITE_AFTER_MS)) {
          killSelfFor(opts.dir, 'processor');
        }
      }
      return output;
    },
    { step: 'deserialize', name: 'upwatchDynamoDbFaults' },
  );
};

/**
 * SES: a share of the app's sends fail, before the SDK sends anything (the `initialize` step, so
 * the SDK's retries do not hide it): the mailer meets a failed send and takes its own back-off.
 */
export const installSesFaults = (watch: FaultWatch, client: Pick<SESClient, 'middlewareStack'> = ses()): void => {
  const failing = shareCounter();
  client.middlewareStack.add(
    (next) => async (args) => {
      const fault = watch.current().ses;
      if (fault && failing(fault.failShare)) {
        throw new SESServiceException({
          name: 'ServiceUnavailable',
          $fault: 'server',
          message: 'Service is unavailable (injected fault).',
          $metadata: { httpStatusCode: 503 },
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'upwatchSesFaults' },
  );
};

interface ResultBody {
  kind?: string;
  results?: { result?: { monitorId?: string; round?: string; region?: string } }[];
}

/** `<monitorId> <round> <region>` of every check result in a results-queue message body. */
export const resultIdsOf = (body: string): string[] => {
  try {
    const message = JSON.parse(body) as ResultBody;
    if (message.kind !== 'check_results') return [];
    return (message.results ?? []).map(({ result }) => `${result?.monitorId} ${result?.round} ${result?.region}`);
  } catch {
    return [];
  }
};

/**
 * The checker's side of the soak's accounting: every check result it sent home (SQS said yes),
 * appended to `results-sent-<pid>.log` once the send returned, with the time it was sent.
 */
export const journalSentResults = (dir: string, homeRegion: string): void => {
  sqsIn(homeRegion).middlewareStack.add(
    (next, context) => async (args) => {
      const output = await next(args);
      if (context.commandName === 'SendMessageBatchCommand') {
        const input = args.input as { Entries?: { Id?: string; MessageBody?: string }[] };
        const failed = new Set(((output.output as SendMessageBatchCommandOutput).Failed ?? []).map((entry) => entry.Id));
        const now = Date.now();
        const lines = (input.Entries ?? [])
          .filter((entry) => !failed.has(entry.Id))
          .flatMap((entry) => resultIdsOf(entry.MessageBody ?? '').map((id) => `${now} ${id}`));
        appendJournal(dir, `results-sent-${process.pid}.log`, lines);
      }
      return output;
    },
    { step: 'initialize', name: 'upwatchSentResultsJournal' },
  );
};
