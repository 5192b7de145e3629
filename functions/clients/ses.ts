import { SESClient } from '@aws-sdk/client-ses';
import { config } from '../config.js';
import { traced } from '../observability/tracer.js';
import { clientOptions, withoutCallLog } from './client-options.js';

let client: SESClient | undefined;

/** The process-wide SES client, built on first use. */
export const ses = (): SESClient => (client ??= traced(withoutCallLog(new SESClient(clientOptions(config().endpoints.ses)))));
