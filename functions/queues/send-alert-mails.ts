import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { AlertQueueMessage } from '../../shared/checks/alert-message.js';
import { ALERTS_MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { pipelineConfig } from '../checks/pipeline-config.js';
import { logError, logInfo, logWarning } from '../log.js';
import { redeliverAlertAfter } from '../repositories/alert-queue-repository.js';
import { deliverAlert } from '../services/alerts/deliver-alert.js';

/**
 * The mailer (alerts queue, home region): one alert-outbox entry per message, mailed once
 * (services/alerts/deliver-alert.ts). Records are handled one after another (a batch is at most
 * ten mails, and SES's sending rate is per second) and each failed one is reported in
 * `batchItemFailures`, hidden for its back-off first: 30 s, 2 min, 8 min, then 15 min, so the
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
    logWarning('Could not set the back-off of a failed alert message', {
      messageId: record.messageId,
      seconds,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};

const handleRecord = async (record: SQSRecord): Promise<boolean> => {
  const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
  const delay = alertRetryDelaySeconds(receiveCount);
  const now = new Date();
  let transitionId: string | undefined;
  try {
    transitionId = AlertQueueMessage.parse(JSON.parse(record.body)).alert.transitionId;
    const result = await deliverAlert({
      transitionId,
      now,
      retryAt: delay === null ? null : new Date(now.getTime() + delay * 1000),
    });
    const fields = { transitionId, messageId: record.messageId, receiveCount };
    switch (result.outcome) {
      case 'sent':
        logInfo('Alert mailed', { ...fields, sesMessageId: result.messageId });
        return true;
      case 'skipped':
        logInfo('Alert not mailed', { ...fields, reason: result.reason });
        return true;
      case 'not_claimed':
        logInfo('Alert already handled', { ...fields, status: result.status });
        return true;
      case 'retry':
        logError('Could not mail an alert; it will be tried again', result.error, { ...fields, retryAt: result.retryAt.toISOString() });
        return false;
      case 'failed':
        logError('Could not mail an alert after every try; its message goes to the dead-letter queue', result.error, fields);
        return false;
    }
  } catch (error) {
    logError('Could not handle an alert message', error, { messageId: record.messageId, transitionId, receiveCount });
    return false;
  }
};

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    if (await handleRecord(record)) continue;
    const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
    // After the last try: visible at once, so the next receive moves it to the dead-letter queue.
    await backOff(record, alertRetryDelaySeconds(receiveCount) ?? 0);
    batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
};
