import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { CheckJobMessage } from '../../shared/checks/check-job.js';
import { runHttpCheck } from '../checks/http-check.js';
import { checkerConfig } from '../checks/checker-config.js';
import { resultsDestination } from '../checks/results-destination.js';
import { MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { logError } from '../log.js';
import { canRecordApplicationErrors, recordApplicationError } from '../services/operations/record-application-error.js';
import { isLastReceive } from './last-receive.js';
import { sendCheckResults } from '../repositories/check-queue-repository.js';
import { runCheckJobs } from '../services/checks/run-check-jobs.js';

/**
 * The checker of one region (its check queue). A record is a pack of jobs; the region is the
 * queue's own (`awsRegion` of the record), which on AWS is where this function runs and locally is
 * the region the poller plays. A record whose results could not be sent home is reported in
 * `batchItemFailures` and checked again; results are idempotent downstream.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const { allowLoopback } = checkerConfig();
  const home = resultsDestination();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const { jobs } = CheckJobMessage.parse(JSON.parse(record.body));
      const messages = await runCheckJobs({
        jobs,
        region: record.awsRegion,
        runCheck: (job, region) => runHttpCheck({ ...job, region }, { allowLoopback }),
      });
      await sendCheckResults({ region: home.region, queueUrl: home.queueUrl, messages });
    } catch (error) {
      logError('Could not run a pack of checks', error, { messageId: record.messageId });
      batchItemFailures.push({ itemIdentifier: record.messageId });
      // A checker in another region has no table: its dead-letter queue and alarm are the record there.
      if (isLastReceive(record, MAX_RECEIVE_COUNT) && canRecordApplicationErrors()) {
        await recordApplicationError({
          type: 'monitor_check_error',
          message: `The checker in ${record.awsRegion} crashed on a pack of checks; it goes to the dead-letter queue`,
          error,
          context: { queue: 'check', region: record.awsRegion, message_id: record.messageId },
        });
      }
    }
  }
  return { batchItemFailures };
};
