import {
  BatchExecuteStatementCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchExecuteStatementCommandOutput,
  type DeleteCommandInput,
  type DeleteCommandOutput,
  type GetCommandInput,
  type GetCommandOutput,
  type PutCommandInput,
  type PutCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type TransactWriteCommandInput,
  type TransactWriteCommandOutput,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../clients/dynamodb.js';

/**
 * The single table's commands, bound once: each is lib-dynamodb's command of the same name with
 * `TableName` filled in, sent by the process-wide client, so the request DynamoDB gets is the one
 * the caller wrote (same key, condition, projection, ConsistentRead). Repositories import this
 * module `* as table` and call `table.get` and so on: one export per command, so a bundle keeps
 * only the commands its code calls (the least-privilege test reads them to compare with the
 * function's declared permissions).
 */
export type Unbound<T> = Omit<T, 'TableName'>;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a write transaction, without its table. */
export type TableTransactItem =
  | { Put: Unbound<NonNullable<TransactItem['Put']>> }
  | { Update: Unbound<NonNullable<TransactItem['Update']>> }
  | { Delete: Unbound<NonNullable<TransactItem['Delete']>> }
  | { ConditionCheck: Unbound<NonNullable<TransactItem['ConditionCheck']>> };

const bound = (item: TableTransactItem, TableName: string): TransactItem => {
  if ('Put' in item) return { Put: { TableName, ...item.Put } };
  if ('Update' in item) return { Update: { TableName, ...item.Update } };
  if ('Delete' in item) return { Delete: { TableName, ...item.Delete } };
  return { ConditionCheck: { TableName, ...item.ConditionCheck } };
};

export const get = (input: Unbound<GetCommandInput>): Promise<GetCommandOutput> => dynamo().send(new GetCommand({ TableName: tableName(), ...input }));

export const put = (input: Unbound<PutCommandInput>): Promise<PutCommandOutput> => dynamo().send(new PutCommand({ TableName: tableName(), ...input }));

export const update = (input: Unbound<UpdateCommandInput>): Promise<UpdateCommandOutput> =>
  dynamo().send(new UpdateCommand({ TableName: tableName(), ...input }));

const remove = (input: Unbound<DeleteCommandInput>): Promise<DeleteCommandOutput> =>
  dynamo().send(new DeleteCommand({ TableName: tableName(), ...input }));
export { remove as delete };

export const query = (input: Unbound<QueryCommandInput>): Promise<QueryCommandOutput> =>
  dynamo().send(new QueryCommand({ TableName: tableName(), ...input }));

/** A write transaction over the table's items (up to 100), all or nothing. */
export const transact = (items: readonly TableTransactItem[]): Promise<TransactWriteCommandOutput> => {
  const name = tableName();
  return dynamo().send(new TransactWriteCommand({ TransactItems: items.map((item) => bound(item, name)) }));
};

/**
 * Up to 25 PartiQL statements on the table in one call (BatchExecuteStatement), each applied or
 * refused on its own; `Responses` answers them in order. Each statement is written for the table's
 * name (conditional-update.ts `asStatement`).
 */
export const executeStatements = (
  statements: readonly ((tableName: string) => { Statement: string; Parameters: unknown[] })[],
): Promise<BatchExecuteStatementCommandOutput> => {
  const name = tableName();
  return dynamo().send(new BatchExecuteStatementCommand({ Statements: statements.map((statement) => statement(name)) }));
};
