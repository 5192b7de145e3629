import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

/**
 * What a Lambda SQS event source mapping does, for the local cloud: long-poll a queue, hand a batch
 * to the handler as an `SQSEvent`, and delete the messages that succeeded. Messages named in
 * `batchItemFailures` (ReportBatchItemFailures) or in a batch whose handler threw are left to come
 * back after their visibility timeout, and go to the DLQ after the queue's maxReceiveCount.
 */
export type SqsHandler = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

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
}

export const startSqsPoller = (opts: PollerOptions): { stop(): Promise<void> } => {
  const abort = new AbortController();
  const loop = async () => {
    while (!abort.signal.aborted) {
      try {
        const received = await opts.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: opts.queueUrl,
            MaxNumberOfMessages: Math.min(opts.batchSize, 10),
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        const messages = received.Messages ?? [];
        if (!messages.length) continue;
        const records = messages.map((message) => toSqsRecord(message, opts.queueArn, opts.region));
        let failed = new Set<string>();
        try {
          const response = await opts.handler({ Records: records });
          failed = new Set(response?.batchItemFailures.map((failure) => failure.itemIdentifier));
        } catch (error) {
          opts.onError(opts.name, error);
          failed = new Set(records.map((record) => record.messageId));
        }
        const done = records.filter((record) => !failed.has(record.messageId));
        if (done.length) {
          await opts.sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: opts.queueUrl,
              Entries: done.map((record, i) => ({ Id: String(i), ReceiptHandle: record.receiptHandle })),
            }),
          );
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        opts.onError(opts.name, error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  const running = Promise.all(Array.from({ length: opts.concurrency ?? 1 }, () => loop()));
  return {
    stop: async () => {
      abort.abort();
      await running;
    },
  };
};
