import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ResultsQueueMessage } from '../../shared/checks/check-job.js';
import { logError } from '../log.js';
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
    }
  }
  return { batchItemFailures };
};
