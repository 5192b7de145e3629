import type { SubscriberNoticeMessage } from '../../shared/status-pages/subscriber-notices.js';
import { config } from '../config.js';
import { sendAll } from './sqs-batch.js';

/** Queues status pages' shares of a notice (one message per page, or the next slice of one page's subscribers). */
export const queueSubscriberNotices = async (queueUrl: string, messages: SubscriberNoticeMessage[]): Promise<void> => {
  if (!messages.length) return;
  await sendAll({ region: config().region, queueUrl, bodies: messages });
};
