import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { withLogKeys } from '../observability/logger.js';

/**
 * The queue consumers' partial batch responses, from Powertools' batch processor (SQS,
 * ReportBatchItemFailures): a record whose handler throws is reported in `batchItemFailures`, retried
 * alone and then dead-lettered, without holding back the rest of the batch. A batch whose every
 * record failed is answered the same way, not thrown: the function's error alarm is for crashes and
 * timeouts (infra/constructs/pipeline-function.ts), and the dead-letter alarm sees the records.
 *
 * The processor keeps the batch it works on, so each invocation gets its own: the local cloud runs
 * several batches of one consumer side by side in one process.
 */
export interface SqsBatchOptions {
  context?: Context;
  /** Records one after another (the checker runs a pack's jobs concurrently already; the mailer paces SES). */
  sequential?: boolean;
  /** After a record failed, before the batch is answered: dead-letter bookkeeping, a back-off. Never throws. */
  onFailure?: (record: SQSRecord, error: unknown) => Promise<void>;
}

/** Every line logged while a record is handled names its message. */
export const withRecordLogKeys = <T>(record: SQSRecord, fn: () => Promise<T>): Promise<T> =>
  withLogKeys({ messageId: record.messageId }, fn);

/** Runs `handleRecord` on each record of `event` and answers the failed ones. */
export const processSqsBatch = async (
  event: SQSEvent,
  handleRecord: (record: SQSRecord) => Promise<unknown>,
  options: SqsBatchOptions = {},
  processor: BatchProcessor = new BatchProcessor(EventType.SQS),
): Promise<SQSBatchResponse> =>
  processPartialResponse(
    event,
    (record: SQSRecord) =>
      withRecordLogKeys(record, async () => {
        try {
          return await handleRecord(record);
        } catch (error) {
          await options.onFailure?.(record, error);
          throw error;
        }
      }),
    processor,
    { context: options.context, processInParallel: !options.sequential, throwOnFullBatchFailure: false },
  );

/**
 * Powertools' BatchProcessor for a consumer that works on the whole batch together (the result
 * processor: the answers of different regions to one pack meet in memory). The record handler
 * reads each record; a record it cannot read fails alone, as with BatchProcessor. Then
 * `processTogether` gets every record that was read, with what the handler returned for it, and
 * names the ones whose work failed: they join the failures, so they are retried and dead-lettered
 * like the others. Only the processor's public API is used: `process` (each record's outcome) and
 * `response` (the partial batch response) are extended, its own bookkeeping is left alone.
 */
export class WholeBatchProcessor<T> extends BatchProcessor {
  /** The records `processTogether` named in the batch being processed. */
  #failedTogether: readonly string[] = [];

  constructor(
    private readonly processTogether: (read: readonly { record: SQSRecord; value: T }[]) => Promise<ReadonlyMap<string, Error>>,
  ) {
    super(EventType.SQS);
  }

  override async process(): ReturnType<BatchProcessor['process']> {
    this.#failedTogether = [];
    const outcomes = await super.process();
    const read = outcomes.flatMap(([status, value, record]) =>
      status === 'success' ? [{ record: record as SQSRecord, value: value as T }] : [],
    );
    const failed = await this.processTogether(read);
    this.#failedTogether = read.map(({ record }) => record.messageId).filter((id) => failed.has(id));
    return outcomes.map((outcome): Awaited<ReturnType<BatchProcessor['process']>>[number] => {
      const error = outcome[0] === 'success' ? failed.get((outcome[2] as SQSRecord).messageId) : undefined;
      return error ? ['fail', error.message, outcome[2]] : outcome;
    });
  }

  override response(): ReturnType<BatchProcessor['response']> {
    const { batchItemFailures } = super.response();
    return { batchItemFailures: [...batchItemFailures, ...this.#failedTogether.map((itemIdentifier) => ({ itemIdentifier }))] };
  }
}
