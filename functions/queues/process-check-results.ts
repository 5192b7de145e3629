import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { ResultsQueueMessage } from '../../shared/checks/check-job.js';
import { MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { reportResultsAge } from '../checks/results-backlog.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger } from '../observability/logger.js';
import { continueTrace } from '../observability/tracer.js';
import { processResultsBatch } from '../services/checks/process-results.js';
import { recordApplicationError } from '../services/operations/record-application-error.js';
import { processSqsBatch, WholeBatchProcessor } from './batch-processing.js';
import { isLastReceive, monitorOf } from './last-receive.js';

/**
 * The result processor (results queue, home region). The whole batch is worked on together, so the
 * answers of different regions to the same pack meet in memory (services/checks/process-results.ts):
 * Powertools' batch processor reads each record, then `WholeBatchProcessor` hands every record read
 * to `processResultsBatch` at once (batch-processing.ts). A message that does not parse, or whose
 * pack could not be processed, is reported in `batchItemFailures` (ReportBatchItemFailures):
 * retried, then dead-lettered, without holding back the rest of the batch. On AWS each record
 * continues the X-Ray trace of the round that sent it (observability/tracer.ts).
 */
const recordDeadLettered = async (record: SQSRecord, error: unknown): Promise<void> => {
  if (!isLastReceive(record, MAX_RECEIVE_COUNT)) return;
  await recordApplicationError({
    type: 'monitor_check_error',
    message: 'A check results message failed its last try and goes to the dead-letter queue',
    error,
    context: { queue: 'results', message_id: record.messageId, ...monitorOf(record.body) },
    monitorId: monitorOf(record.body).monitor_id ?? null,
  });
};

/** The oldest check-results message of the batch (its SentTimestamp, epoch ms); round deadlines are sent delayed and left out. */
const oldestResultSentAt = (read: readonly { record: SQSRecord; value: ResultsQueueMessage }[]): number | null => {
  const sent = read
    .filter(({ value }) => value.kind === 'check_results')
    .map(({ record }) => Number(record.attributes.SentTimestamp))
    .filter((at) => at > 0);
  return sent.length ? Math.min(...sent) : null;
};

export const handler = lambdaEntry(async (event: SQSEvent, context) => {
  // Each record continues the trace of the round that sent it (its AWSTraceHeader: a checker's
  // pack, or the dispatcher's deadline), from its read until the batch is applied.
  const traces = new Map(event.Records.map((record) => [record.messageId, continueTrace('processor', record.attributes.AWSTraceHeader)]));
  const processor = new WholeBatchProcessor<ResultsQueueMessage>(async (read) => {
    reportResultsAge(oldestResultSentAt(read));
    const failedIds = await processResultsBatch(read.map(({ record, value }) => ({ messageId: record.messageId, message: value })));
    const failed = new Map<string, Error>();
    for (const { record } of read) {
      if (!failedIds.has(record.messageId)) continue;
      const error = new Error('Its pack of rounds could not be processed (see the processor log)');
      failed.set(record.messageId, error);
      await recordDeadLettered(record, error);
    }
    for (const { record } of read) traces.get(record.messageId)?.close(failed.get(record.messageId));
    return failed;
  });
  try {
    return await processSqsBatch(
      event,
      async (record) => {
        try {
          return ResultsQueueMessage.parse(JSON.parse(record.body));
        } catch (error) {
          logger.error('Could not read a check results message', { messageId: record.messageId, error });
          traces.get(record.messageId)?.close(error);
          throw error;
        }
      },
      { context, onFailure: recordDeadLettered },
      processor,
    );
  } catch (error) {
    for (const trace of traces.values()) trace.close(error);
    throw error;
  }
});
