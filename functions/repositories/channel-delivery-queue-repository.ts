import type { ChannelDeliveryMessage } from '../../shared/alerts/delivery-message.js';
import { config } from '../config.js';
import { sendAll } from './sqs-batch.js';

/** SQS holds a message back at most this long; a longer wait is made of several. */
export const MAX_DELAY_SECONDS = 900;

/** Queues deliveries, optionally after `delaySeconds` (capped at SQS's 15 minutes: the consumer re-queues an early one). */
export const queueDeliveries = async (queueUrl: string, messages: ChannelDeliveryMessage[], delaySeconds = 0): Promise<void> =>
  sendAll({ region: config().region, queueUrl, bodies: messages, delaySeconds: Math.min(Math.max(0, Math.ceil(delaySeconds)), MAX_DELAY_SECONDS) });
