import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { AlertQueueMessage } from '../../shared/checks/alert-message.js';
import { ALERTS_MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { pipelineConfig } from '../checks/pipeline-config.js';
import { METRIC } from '../../shared/metrics.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger, withLogKeys } from '../observability/logger.js';
import { addCount } from '../observability/metrics.js';
import { withTraceParent } from '../observability/tracer.js';
import { redeliverAlertAfter } from '../repositories/alert-queue-repository.js';
import { deliverAlert } from '../services/alerts/deliver-alert.js';
import { processSqsBatch } from './batch-processing.js';

/**
 * The mailer (alerts queue, home region): one alert-outbox entry per message, mailed once
 * (services/alerts/deliver-alert.ts). Records are handled one after another (a batch is at most
 * ten mails, and SES's sending rate is per second) and each failed one is reported in
 * `batchItemFailures` (Powertools' batch processor), hidden for its back-off first: 30 s, 2 min, 8 min, then 15 min, so the
 * ALERTS_MAX_RECEIVE_COUNT (5) tries span about 25 minutes before the message is dead-lettered.
 */
export const ALERT_RETRY_DELAYS_SECONDS = [30, 120, 480, 900] as const;

/** The back-off after the `receiveCount`-th try failed; null after the last try. */
export const alertRetryDelaySeconds = (receiveCount: number): number | null =>
  receiveCount >= ALERTS_MAX_RECEIVE_COUNT
    ? null
    : ALERT_RETRY_DELAYS_SECONDS[Math.min(Math.max(receiveCount, 1), ALERT_RETRY_DELAYS_SECONDS.length) - 1]!;

/** Hides a failed record for its back-off; if that fails it still comes back, after the visibility timeout. */
const backOff = async (record: SQSRecord, seconds: number): Promise<void> => {
  try {
    await redeliverAlertAfter(pipelineConfig().alertsQueueUrl, record.receiptHandle, seconds);
  } catch (error) {
    logger.warn('Could not set the back-off of a failed alert message', {
      messageId: record.messageId,
      seconds,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};

/** A try that did not mail the alert: the record is reported failed (it was logged with its cause). */
class AlertNotMailed extends Error {
  override name = 'AlertNotMailed';
}

const mailAlert = async (record: SQSRecord): Promise<void> => {
  const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
  const delay = alertRetryDelaySeconds(receiveCount);
  const now = new Date();
  let transitionId: string | undefined;
  let result: Awaited<ReturnType<typeof deliverAlert>>;
  try {
    transitionId = AlertQueueMessage.parse(JSON.parse(record.body)).alert.transitionId;
    result = await withLogKeys({ transitionId }, () =>
      deliverAlert({
        transitionId: transitionId!,
        now,
        retryAt: delay === null ? null : new Date(now.getTime() + delay * 1000),
      }),
    );
  } catch (error) {
    logger.error('Could not handle an alert message', { messageId: record.messageId, transitionId, receiveCount, error });
    throw error;
  }
  const fields = { transitionId, messageId: record.messageId, receiveCount };
  switch (result.outcome) {
    case 'sent':
      logger.info('Alert mailed', { ...fields, sesMessageId: result.messageId });
      addCount(METRIC.alertMailsSent, 1);
      return;
    case 'skipped':
      logger.info('Alert not mailed', { ...fields, reason: result.reason });
      return;
    case 'not_claimed':
      logger.info('Alert already handled', { ...fields, status: result.status });
      return;
    case 'retry':
      logger.error('Could not mail an alert; it will be tried again', { ...fields, retryAt: result.retryAt.toISOString(), error: result.error });
      addCount(METRIC.alertMailsFailed, 1);
      throw new AlertNotMailed('SES did not take the alert mail; it is tried again after its back-off');
    case 'failed':
      logger.error('Could not mail an alert after every try; its message goes to the dead-letter queue', { ...fields, error: result.error });
      addCount(METRIC.alertMailsFailed, 1);
      throw new AlertNotMailed('SES did not take the alert mail on its last try');
  }
};

/**
 * Records one after another through Powertools' batch processor (batch-processing.ts); a failed one
 * is hidden for its back-off before the batch is answered. After the last try: visible at once, so
 * the next receive moves it to the dead-letter queue.
 */
export const handler = lambdaEntry(async (event: SQSEvent, context) =>
  // Each mail continues the trace of the processor run that raised the alert (observability/tracer.ts).
  processSqsBatch(event, (record) => withTraceParent('mailer', record.attributes.AWSTraceHeader, () => mailAlert(record)), {
    context,
    sequential: true,
    onFailure: (record) => backOff(record, alertRetryDelaySeconds(Number(record.attributes.ApproximateReceiveCount) || 1) ?? 0),
  }),
);
