import { SNSClient } from '@aws-sdk/client-sns';
import { config } from '../config.js';
import { traced } from '../observability/tracer.js';
import { clientOptions, withoutCallLog } from './client-options.js';

let client: SNSClient | undefined;

/**
 * The process-wide SNS client for alert text messages, built on first use; locally `SNS_ENDPOINT`
 * points it at the channel sink (docs/alerts.md "Offline"). One attempt per send: the alert outbox
 * retries with its own back-off and logs every try, and a retry inside the SDK would both hide a
 * try from the delivery log and risk a second text to the same phone.
 */
export const sns = (): SNSClient =>
  (client ??= traced(withoutCallLog(new SNSClient({ ...clientOptions(config().endpoints.sns), maxAttempts: 1 }))));
