import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import type { MonitorType } from '../../shared/monitors/monitor-types.js';
import { sqsIn } from '../clients/sqs.js';
import { config } from '../config.js';
import { sendAll } from './sqs-batch.js';

/** An alert-outbox event on its way to the mailer; the outbox item (same key) is the record of it. */
export interface AlertMessage {
  kind: 'alert';
  userId: string;
  monitorName: string;
  monitorUrl: string;
  /**
   * What the alert speaks of (alert-email.ts: a heartbeat's mail is about its job). Informational,
   * as the rest of the message: the mailer writes the mail from the outbox entry, which carries
   * `monitor_type` too. Messages queued before it existed have none: http.
   */
  monitorType?: MonitorType;
  alert: AlertEvent;
}

/** Sends outbox events to the alerts queue, each deduplicated downstream by its transition id. */
export const sendAlerts = async (queueUrl: string, messages: AlertMessage[]): Promise<void> =>
  sendAll({ region: config().region, queueUrl, bodies: messages });

/**
 * Hides a received message for `seconds` from now: a record the mailer reports failed then comes
 * back after that back-off instead of the queue's visibility timeout (0: at once, so a message on
 * its last receive goes to the dead-letter queue without waiting).
 */
export const redeliverAlertAfter = async (queueUrl: string, receiptHandle: string, seconds: number): Promise<void> => {
  await sqsIn(config().region).send(
    new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }),
  );
};
