import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { CheckJobMessage } from '../../shared/checks/check-job.js';
import { METRIC } from '../../shared/metrics.js';
import { runCheck } from '../checks/run-check.js';
import { checkerConfig } from '../checks/checker-config.js';
import { resultsDestination } from '../checks/results-destination.js';
import { MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger, withLogKeys } from '../observability/logger.js';
import { addCountsBy } from '../observability/metrics.js';
import { inSubsegment, withTraceParent } from '../observability/tracer.js';
import { canRecordApplicationErrors, recordApplicationError } from '../services/operations/record-application-error.js';
import { processSqsBatch } from './batch-processing.js';
import { isLastReceive } from './last-receive.js';
import { sendCheckResults } from '../repositories/check-queue-repository.js';
import { runCheckJobs } from '../services/checks/run-check-jobs.js';

/**
 * The checker of one region (its check queue). A record is a pack of jobs; the region is the
 * queue's own (`awsRegion` of the record), which on AWS is where this function runs and locally is
 * the region the poller plays. Records are taken one after another (a pack's jobs already run side
 * by side, services/checks/run-check-jobs.ts); one whose results could not be sent home is reported
 * in `batchItemFailures` (Powertools' batch processor, batch-processing.ts) and checked again;
 * results are idempotent downstream. Every check run is counted by region and outcome (ChecksRun).
 * On AWS a pack's work continues the X-Ray trace of the round that sent it, each check a subsegment
 * annotated with its monitor and region (observability/tracer.ts).
 */
const reportFailure = async (record: SQSRecord, error: unknown): Promise<void> => {
  logger.error('Could not run a pack of checks', { messageId: record.messageId, error });
  // A checker in another region has no table: its dead-letter queue and alarm are the record there.
  if (isLastReceive(record, MAX_RECEIVE_COUNT) && canRecordApplicationErrors()) {
    await recordApplicationError({
      type: 'monitor_check_error',
      message: `The checker in ${record.awsRegion} crashed on a pack of checks; it goes to the dead-letter queue`,
      error,
      context: { queue: 'check', region: record.awsRegion, message_id: record.messageId },
    });
  }
};

export const handler = lambdaEntry(async (event: SQSEvent, context) => {
  const { allowLoopback } = checkerConfig();
  const home = resultsDestination();
  return processSqsBatch(
    event,
    // Each pack continues the trace of the dispatcher's round (its message's AWSTraceHeader).
    (record) =>
      withTraceParent(`checker@${record.awsRegion}`, record.attributes.AWSTraceHeader, async () => {
        const { jobs, pack } = CheckJobMessage.parse(JSON.parse(record.body));
        const messages = await withLogKeys({ pack, region: record.awsRegion }, () =>
          runCheckJobs({
            jobs,
            pack,
            region: record.awsRegion,
            runCheck: (job, region) =>
              inSubsegment(`check ${job.monitorId}`, { monitorId: job.monitorId, region }, () => runCheck(job, region, { allowLoopback })),
          }),
        );
        const results = messages.flatMap((message) => message.results.map(({ result }) => result));
        addCountsBy(METRIC.checksRun, results, (result) => ({ region: result.region, outcome: result.outcome }));
        await sendCheckResults({ region: home.region, queueUrl: home.queueUrl, messages });
      }),
    { context, sequential: true, onFailure: reportFailure },
  );
});
