import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { traced } from '../observability/tracer.js';
import { clientOptions, withoutCallLog } from './client-options.js';

let base: DynamoDBClient | undefined;
let client: DynamoDBDocumentClient | undefined;

/**
 * The process-wide low-level client, built on first use (see config.ts for why not at import), for
 * what takes a DynamoDBClient rather than the document client: Powertools Idempotency's persistence
 * layer (webhook-event-repository.ts).
 */
export const dynamoClient = (): DynamoDBClient => {
  if (base) return base;
  const { endpoints, dynamodbMaxSockets } = config();
  return (base = traced(withoutCallLog(
    new DynamoDBClient({
      ...clientOptions(endpoints.dynamodb),
      ...(dynamodbMaxSockets
        ? { requestHandler: { httpAgent: { keepAlive: true, maxSockets: dynamodbMaxSockets }, httpsAgent: { keepAlive: true, maxSockets: dynamodbMaxSockets } } }
        : {}),
    }),
  )));
};

/** The process-wide document client, on top of `dynamoClient()`. */
export const dynamo = (): DynamoDBDocumentClient =>
  (client ??= DynamoDBDocumentClient.from(dynamoClient(), { marshallOptions: { removeUndefinedValues: true } }));

/** The table every repository reads and writes. */
export const tableName = (): string => config().tableName;
