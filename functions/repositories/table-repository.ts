import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamo, tableName } from '../clients/dynamodb.js';

/** Asks DynamoDB about the table: cheap, reads no items, and fails if the table or service is unreachable. */
export const describeTable = async (): Promise<{ status: string }> => {
  const { Table } = await dynamo().send(new DescribeTableCommand({ TableName: tableName() }));
  return { status: Table?.TableStatus ?? 'UNKNOWN' };
};

/** DynamoDB's own size figures for the whole table (AWS refreshes them about every six hours). */
export const describeTableSize = async (): Promise<{ bytes: number; items: number }> => {
  const { Table } = await dynamo().send(new DescribeTableCommand({ TableName: tableName() }));
  return { bytes: Table?.TableSizeBytes ?? 0, items: Table?.ItemCount ?? 0 };
};
