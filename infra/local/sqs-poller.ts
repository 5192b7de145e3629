import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { localLambdaContext } from './lambda-context.js';

/**
 * What a Lambda SQS event source mapping does, for the local cloud: long-poll a queue, hand a batch
 * to the handler as an `SQSEvent`, and delete the messages that succeeded. Messages named in
 * `batchItemFailures` (ReportBatchItemFailures) or in a batch whose handler threw are left to come
 * back after their visibility timeout, and go to the DLQ after the queue's maxReceiveCount.
 */
export type SqsHandler = (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse | void>;

export const toSqsRecord = (message: Message, queueArn: string, region: string): SQSRecord => ({
  messageId: message.MessageId ?? '',
  receiptHandle: message.ReceiptHandle ?? '',
  body: message.Body ?? '',
  attributes: {
    ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1',
    SentTimestamp: message.Attributes?.SentTimestamp ?? String(Date.now()),
    SenderId: message.Attributes?.SenderId ?? 'local',
    ApproximateFirstReceiveTimestamp: message.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
  },
  messageAttributes: {},
  md5OfBody: message.MD5OfBody ?? '',
  eventSource: 'aws:sqs',
  eventSourceARN: queueArn,
  awsRegion: region,
});

export interface PollerOptions {
  name: string;
  sqs: SQSClient;
  queueUrl: string;
  queueArn: string;
  region: string;
  batchSize: number;
  handler: SqsHandler;
  onError: (name: string, error: unknown) => void;
  /** Receive loops running side by side, as Lambda runs several batches at once. */
  concurrency?: number;
  /**
   * Gather up to `batchSize` messages for this long before the handler runs (Lambda's batching
   * window). Then ONE loop receives and assembles the batches, and up to `concurrency` of them are
   * handled side by side, so that messages that arrive together land in the same batch.
   */
  batchingWindowMs?: number;
}

const DELETE_BATCH = 10;

/**
 * SQS's longest long poll. An idle poller then asks about once per 20 s instead of once a second
 * (the local cloud runs some twenty receive loops: that was most of its idle CPU), and loses nothing
 * in latency: the emulator answers a waiting receive as soon as a message is sent or a delayed one
 * becomes visible, and `stop` aborts the waiting request.
 */
const LONG_POLL_SECONDS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const startSqsPoller = (opts: PollerOptions): { stop(): Promise<void> } => {
  const abort = new AbortController();
  const receive = async (max: number, waitSeconds: number): Promise<Message[]> =>
    (
      await opts.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: opts.queueUrl,
          MaxNumberOfMessages: Math.min(max, 10),
          WaitTimeSeconds: waitSeconds,
          MessageSystemAttributeNames: ['All'],
        }),
        { abortSignal: abort.signal },
      )
    ).Messages ?? [];

  /**
   * While a large batch is being handled, its messages stay hidden: on AWS the queue hides them for
   * six times the function's timeout; the local queues keep SQS's default 30 s, so the poller of a
   * batching consumer extends it while the handler runs, instead of letting a slow batch (a loaded
   * machine) be delivered again and again into the dead-letter queue.
   */
  const keepHidden = (messages: Message[]): (() => void) => {
    if (!opts.batchingWindowMs) return () => undefined;
    const timer = setInterval(() => {
      for (let i = 0; i < messages.length; i += DELETE_BATCH) {
        void opts.sqs
          .send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: opts.queueUrl,
              Entries: messages
                .slice(i, i + DELETE_BATCH)
                .map((message, j) => ({ Id: String(j), ReceiptHandle: message.ReceiptHandle ?? '', VisibilityTimeout: 60 })),
            }),
          )
          .catch(() => undefined);
      }
    }, 20_000);
    return () => clearInterval(timer);
  };

  /** Runs the handler on a batch and deletes the messages that succeeded. */
  const handle = async (messages: Message[]): Promise<void> => {
    const records = messages.map((message) => toSqsRecord(message, opts.queueArn, opts.region));
    let failed = new Set<string>();
    const release = keepHidden(messages);
    try {
      const response = await opts.handler({ Records: records }, localLambdaContext(opts.name));
      failed = new Set(response?.batchItemFailures.map((failure) => failure.itemIdentifier));
    } catch (error) {
      opts.onError(opts.name, error);
      failed = new Set(records.map((record) => record.messageId));
    } finally {
      release();
    }
    const done = records.filter((record) => !failed.has(record.messageId));
    for (let i = 0; i < done.length; i += DELETE_BATCH) {
      await opts.sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: opts.queueUrl,
          Entries: done.slice(i, i + DELETE_BATCH).map((record, j) => ({ Id: String(j), ReceiptHandle: record.receiptHandle })),
        }),
      );
    }
  };

  const loop = async () => {
    while (!abort.signal.aborted) {
      try {
        const messages = await receive(opts.batchSize, LONG_POLL_SECONDS);
        if (messages.length) await handle(messages);
      } catch (error) {
        if (abort.signal.aborted) return;
        opts.onError(opts.name, error);
        await sleep(1000);
      }
    }
  };

  const batchingLoop = async (windowMs: number, concurrency: number) => {
    const inFlight = new Set<Promise<void>>();
    while (!abort.signal.aborted) {
      try {
        const batch = await receive(opts.batchSize, LONG_POLL_SECONDS);
        if (!batch.length) continue;
        const windowEnd = Date.now() + windowMs;
        while (batch.length < opts.batchSize && Date.now() < windowEnd && !abort.signal.aborted) {
          const more = await receive(opts.batchSize - batch.length, 0);
          if (more.length) batch.push(...more);
          else await sleep(Math.min(50, Math.max(0, windowEnd - Date.now())));
        }
        while (inFlight.size >= concurrency) await Promise.race(inFlight);
        const running = handle(batch)
          .catch((error: unknown) => opts.onError(opts.name, error))
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
      } catch (error) {
        if (abort.signal.aborted) break;
        opts.onError(opts.name, error);
        await sleep(1000);
      }
    }
    await Promise.all(inFlight);
  };

  const concurrency = opts.concurrency ?? 1;
  const running = opts.batchingWindowMs
    ? batchingLoop(opts.batchingWindowMs, concurrency)
    : Promise.all(Array.from({ length: concurrency }, () => loop()));
  return {
    stop: async () => {
      abort.abort();
      await running;
    },
  };
};
