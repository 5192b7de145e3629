import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { chunk } from '../../shared/checks/check-job.js';
import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import { sqsIn } from '../clients/sqs.js';
import { config } from '../config.js';

/** An alert-outbox event on its way to the mailer; the outbox item (same key) is the record of it. */
export interface AlertMessage {
  kind: 'alert';
  userId: string;
  monitorName: string;
  monitorUrl: string;
  alert: AlertEvent;
}

/** Sends outbox events to the alerts queue, each deduplicated downstream by its transition id. */
export const sendAlerts = async (queueUrl: string, messages: AlertMessage[]): Promise<void> => {
  for (const batch of chunk(messages, 10)) {
    const response = await sqsIn(config().region).send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((message, i) => ({ Id: String(i), MessageBody: JSON.stringify(message) })),
      }),
    );
    if (response.Failed?.length) throw new Error(`SQS refused ${response.Failed.length} alert message(s)`);
  }
};
