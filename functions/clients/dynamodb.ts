import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { clientOptions, withoutCallLog } from './client-options.js';

let client: DynamoDBDocumentClient | undefined;

/** The process-wide document client, built on first use (see config.ts for why not at import). */
export const dynamo = (): DynamoDBDocumentClient => {
  if (client) return client;
  const { endpoints, dynamodbMaxSockets } = config();
  const base = new DynamoDBClient({
    ...clientOptions(endpoints.dynamodb),
    ...(dynamodbMaxSockets
      ? { requestHandler: { httpAgent: { keepAlive: true, maxSockets: dynamodbMaxSockets }, httpsAgent: { keepAlive: true, maxSockets: dynamodbMaxSockets } } }
      : {}),
  });
  return (client = DynamoDBDocumentClient.from(withoutCallLog(base), { marshallOptions: { removeUndefinedValues: true } }));
};

/** The table every repository reads and writes. */
export const tableName = (): string => config().tableName;
