import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import { config } from '../config.js';
import { sendAll } from './sqs-batch.js';

/** An alert-outbox event on its way to the mailer; the outbox item (same key) is the record of it. */
export interface AlertMessage {
  kind: 'alert';
  userId: string;
  monitorName: string;
  monitorUrl: string;
  alert: AlertEvent;
}

/** Sends outbox events to the alerts queue, each deduplicated downstream by its transition id. */
export const sendAlerts = async (queueUrl: string, messages: AlertMessage[]): Promise<void> =>
  sendAll({ region: config().region, queueUrl, bodies: messages });
