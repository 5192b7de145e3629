import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
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
import { cancellationReasons, isConditionFailure } from './dynamo-errors.js';

/**
 * The single table, bound once. Each command is lib-dynamodb's command of the same name with
 * `TableName` filled in, sent by the process-wide client: the request DynamoDB gets is the one the
 * caller wrote (same key, condition, projection, ConsistentRead), so repositories say what they read
 * and write and nothing else.
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

export const table = {
  get: (input: Unbound<GetCommandInput>): Promise<GetCommandOutput> => dynamo().send(new GetCommand({ TableName: tableName(), ...input })),
  put: (input: Unbound<PutCommandInput>): Promise<PutCommandOutput> => dynamo().send(new PutCommand({ TableName: tableName(), ...input })),
  update: (input: Unbound<UpdateCommandInput>): Promise<UpdateCommandOutput> =>
    dynamo().send(new UpdateCommand({ TableName: tableName(), ...input })),
  delete: (input: Unbound<DeleteCommandInput>): Promise<DeleteCommandOutput> =>
    dynamo().send(new DeleteCommand({ TableName: tableName(), ...input })),
  query: (input: Unbound<QueryCommandInput>): Promise<QueryCommandOutput> =>
    dynamo().send(new QueryCommand({ TableName: tableName(), ...input })),
  /** A write transaction over the table's items (up to 100), all or nothing. */
  transact: (items: readonly TableTransactItem[]): Promise<TransactWriteCommandOutput> => {
    const name = tableName();
    return dynamo().send(new TransactWriteCommand({ TransactItems: items.map((item) => bound(item, name)) }));
  },
};

/**
 * A conditional write's outcome as a value: its output, or null when its condition failed (taken
 * e-mail, reached cap, used token are expected answers, not faults). Any other error propagates.
 */
export const resultIfAllowed = async <T>(write: Promise<T>): Promise<T | null> => {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

/** True when the conditional write was made, false when its condition failed; any other error propagates. */
export const writeIfAllowed = async (write: Promise<unknown>): Promise<boolean> => (await resultIfAllowed(write)) !== null;

/**
 * A write transaction whose refusals are answers: null once it committed; when it was cancelled
 * because the condition on item `i` failed, `answers[i]` (the lowest such `i` among those given).
 * A transaction cancelled otherwise (another item's condition, a conflict) and any other error
 * propagate.
 */
export const transactIfAllowed = async <const T>(items: readonly TableTransactItem[], answers: Readonly<Record<number, T>>): Promise<T | null> => {
  try {
    await table.transact(items);
    return null;
  } catch (error) {
    const reasons = cancellationReasons(error);
    const index = Object.keys(answers)
      .map(Number)
      .sort((a, b) => a - b)
      .find((at) => reasons?.[at] === 'ConditionalCheckFailed');
    if (index === undefined) throw error;
    return answers[index] as T;
  }
};
