import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { ResultsQueueMessage } from '../../shared/checks/check-job.js';
import { MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { reportResultsAge } from '../checks/results-backlog.js';
import { logError } from '../log.js';
import { processResultsBatch, type ResultsBatchEntry } from '../services/checks/process-results.js';
import { recordApplicationError } from '../services/operations/record-application-error.js';
import { isLastReceive, monitorOf } from './last-receive.js';

/**
 * The result processor (results queue, home region). The whole batch is worked on together, so the
 * answers of different regions to the same pack meet in memory (services/checks/process-results.ts).
 * A message that does not parse, or whose pack could not be processed, is reported in
 * `batchItemFailures` (ReportBatchItemFailures): retried, then dead-lettered, without holding back
 * the rest of the batch.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const entries: ResultsBatchEntry[] = [];
  let oldestResultSentAt: number | null = null;
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
  for (const record of event.Records) {
    try {
      const message = ResultsQueueMessage.parse(JSON.parse(record.body));
      entries.push({ messageId: record.messageId, message });
      const sentAt = Number(record.attributes.SentTimestamp);
      if (message.kind === 'check_results' && sentAt > 0) oldestResultSentAt = Math.min(oldestResultSentAt ?? sentAt, sentAt);
    } catch (error) {
      logError('Could not read a check results message', error, { messageId: record.messageId });
      batchItemFailures.push({ itemIdentifier: record.messageId });
      await recordDeadLettered(record, error);
    }
  }
  reportResultsAge(oldestResultSentAt);
  const failed = new Set(await processResultsBatch(entries));
  for (const record of event.Records) {
    if (!failed.has(record.messageId)) continue;
    batchItemFailures.push({ itemIdentifier: record.messageId });
    await recordDeadLettered(record, new Error('Its pack of rounds could not be processed (see the processor log)'));
  }
  return { batchItemFailures };
};
