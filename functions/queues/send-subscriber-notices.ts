import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { SubscriberNoticeMessage } from '../../shared/status-pages/subscriber-notices.js';
import { pipelineConfig } from '../checks/pipeline-config.js';
import { config } from '../config.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger, withLogKeys } from '../observability/logger.js';
import { withTraceParent } from '../observability/tracer.js';
import { sendEmailWithHeaders } from '../repositories/raw-mail-repository.js';
import { listConfirmedSubscribers } from '../repositories/status-subscriber-repository.js';
import { queueSubscriberNotices } from '../repositories/subscriber-notice-queue-repository.js';
import { deliverPageNotice, type PageNoticeDeps } from '../services/status-pages/subscribers/deliver-page-notice.js';
import { unsubscribeUrl } from '../services/status-pages/subscribers/unsubscribe-token.js';
import { processSqsBatch } from './batch-processing.js';

/**
 * The subscriber mailer (subscriber-notices queue, home region): one page's share of one notice
 * per message, one slice of its subscribers each (services/status-pages/subscribers/deliver-page-notice.ts).
 * A record whose slice had a failed send is reported in `batchItemFailures` (Powertools' batch
 * processor): SQS redelivers it after the visibility timeout, and after three receives it goes to
 * the dead-letter queue and its alarm. The claims make a redelivery mail only those not mailed yet.
 */
const deps = (): PageNoticeDeps => ({
  listSubscribers: listConfirmedSubscribers,
  unsubscribeUrl,
  send: (email) => sendEmailWithHeaders(email),
  queueNext: async (message) => {
    const queueUrl = pipelineConfig().subscriberNoticesQueueUrl;
    if (!queueUrl) throw new Error('SUBSCRIBER_NOTICES_QUEUE_URL is not set: the next slice of subscribers cannot be queued');
    await queueSubscriberNotices(queueUrl, [message]);
  },
  appUrl: config().appUrl,
});

const mailSlice = async (record: SQSRecord): Promise<void> => {
  const message = SubscriberNoticeMessage.parse(JSON.parse(record.body));
  const result = await withLogKeys({ pageId: message.pageId, notice: message.notice.kind }, () => deliverPageNotice(message, new Date(), deps()));
  logger.info('Status page subscribers mailed', { messageId: record.messageId, pageId: message.pageId, ...result });
};

export const handler = lambdaEntry(async (event: SQSEvent, context) =>
  processSqsBatch(event, (record) => withTraceParent('subscriber-mailer', record.attributes.AWSTraceHeader, () => mailSlice(record)), {
    context,
    sequential: true,
  }),
);
