import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config.js';
import { traced } from '../observability/tracer.js';
import { clientOptions, withoutCallLog } from './client-options.js';

const clients = new Map<string, SQSClient>();

/**
 * An SQS client for a region: the dispatcher writes to every checker region's queue, and on AWS a
 * queue is reached through its own region's endpoint. Locally one emulator serves every region.
 */
export const sqsIn = (region: string): SQSClient => {
  let client = clients.get(region);
  if (!client) {
    client = traced(withoutCallLog(new SQSClient({ ...clientOptions(config().endpoints.sqs), region })));
    clients.set(region, client);
  }
  return client;
};
