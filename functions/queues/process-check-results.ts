import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ResultsQueueMessage } from '../../shared/checks/check-job.js';
import { MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { logError } from '../log.js';
import { recordApplicationError } from '../services/operations/record-application-error.js';
import { isLastReceive, monitorOf } from './last-receive.js';
import { processResultsMessage } from '../services/checks/process-results.js';

/**
 * The result processor (results queue, home region). Each record is handled on its own and a
 * failed one is reported in `batchItemFailures` (ReportBatchItemFailures), so one bad message is
 * retried, then dead-lettered, without holding back the rest of the batch.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await processResultsMessage(ResultsQueueMessage.parse(JSON.parse(record.body)));
    } catch (error) {
      logError('Could not process a check results message', error, { messageId: record.messageId });
      batchItemFailures.push({ itemIdentifier: record.messageId });
      if (isLastReceive(record, MAX_RECEIVE_COUNT)) {
        await recordApplicationError({
          type: 'monitor_check_error',
          message: 'A check results message failed its last try and goes to the dead-letter queue',
          error,
          context: { queue: 'results', message_id: record.messageId, ...monitorOf(record.body) },
          monitorId: monitorOf(record.body).monitor_id ?? null,
        });
      }
    }
  }
  return { batchItemFailures };
};
