import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { ChannelDeliveryMessage } from '../../shared/alerts/delivery-message.js';
import { METRIC } from '../../shared/metrics.js';
import { pipelineConfig } from '../checks/pipeline-config.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger, withLogKeys } from '../observability/logger.js';
import { addCountWith } from '../observability/metrics.js';
import { withTraceParent } from '../observability/tracer.js';
import { queueDeliveries } from '../repositories/channel-delivery-queue-repository.js';
import { deliverToChannel } from '../services/alerts/deliver-to-channel.js';
import { senderDeps } from '../services/alerts/sender-deps.js';
import { processSqsBatch } from './batch-processing.js';

/**
 * The channel deliverer (channel-deliveries queue, home region): one delivery per message, one try
 * each (services/alerts/deliver-to-channel.ts). A try that must come again later (a back-off, a
 * message that arrived before its delivery was due) is queued anew with its delay — SQS holds a
 * message at most 15 minutes, so a longer wait is several hops — and this message is done. Only a
 * fault of ours (the table, KMS) fails the record: SQS redelivers it and, after three receives,
 * dead-letters it; the delivery itself stays in the pending index for the sweeper.
 */
const deliver = async (record: SQSRecord): Promise<void> => {
  const message = ChannelDeliveryMessage.parse(JSON.parse(record.body));
  const now = new Date();
  const result = await withLogKeys({ deliveryKey: message.key }, () => deliverToChannel({ userId: message.userId, key: message.key, now, deps: senderDeps() }));
  const fields = { deliveryKey: message.key, messageId: record.messageId };
  switch (result.outcome) {
    case 'delivered':
      logger.info('Channel alert delivered', fields);
      break;
    case 'skipped':
      logger.info('Channel alert not sent', { ...fields, reason: result.reason });
      break;
    case 'failed':
      logger.warn('Channel alert failed for good', { ...fields, error: result.error });
      break;
    case 'retry':
      logger.info('Channel alert failed; it will be tried again', { ...fields, retryAt: result.retryAt.toISOString(), error: result.error });
      await queueDeliveries(pipelineConfig().channelDeliveriesQueueUrl, [message], (result.retryAt.getTime() - Date.now()) / 1000);
      break;
    case 'not_due':
      await queueDeliveries(pipelineConfig().channelDeliveriesQueueUrl, [message], (result.dueAt.getTime() - Date.now()) / 1000);
      return;
    case 'not_claimed':
      return;
  }
  addCountWith(METRIC.channelDeliveries, { outcome: result.outcome }, 1);
};

export const handler = lambdaEntry(async (event: SQSEvent, context) =>
  processSqsBatch(event, (record) => withTraceParent('channel-deliverer', record.attributes.AWSTraceHeader, () => deliver(record)), { context }),
);
