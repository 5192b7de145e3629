import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { clientOptions } from './client-options.js';

let client: DynamoDBDocumentClient | undefined;

/** The process-wide document client, built on first use (see config.ts for why not at import). */
export const dynamo = (): DynamoDBDocumentClient =>
  (client ??= DynamoDBDocumentClient.from(new DynamoDBClient(clientOptions(config().endpoints.dynamodb)), {
    marshallOptions: { removeUndefinedValues: true },
  }));

/** The table every repository reads and writes. */
export const tableName = (): string => config().tableName;
