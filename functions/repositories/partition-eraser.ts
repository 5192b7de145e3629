import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from '../../shared/table/keys.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import * as table from './table-commands.js';

/**
 * Erasing a whole partition (access pattern 20): every item whose PK is `partition`, whatever kinds
 * of item it holds, so account deletion needs no update when a new kind of item joins a user's or a
 * monitor's partition.
 *
 * Keys are read page by page (Query with a keys-only projection) and deleted with BatchWriteItem,
 * 25 keys a request, a few requests in flight. DynamoDB may leave part of a batch undone under load
 * (`UnprocessedItems`); those keys are sent again with exponential backoff, and only if they are
 * still refused after `MAX_ATTEMPTS` does the erasure fail. Deleting an absent key is not an error,
 * so an erasure that failed half-way is simply run again.
 *
 * `keep` spares items by sort key: account deletion keeps the profile until everything else is gone,
 * so a retry still finds the account. An item written into the partition while it is being erased
 * (a check result arriving late) can survive; callers that must be sure erase again afterwards.
 */

/** BatchWriteItem's limit. */
const BATCH_SIZE = 25;
/** Batch requests in flight at once per partition; keeps a big erasure fast without hogging capacity. */
const PARALLEL_BATCHES = 4;
const MAX_ATTEMPTS = 8;
const FIRST_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const keyOf = (item: Record<string, unknown>): ItemKey => ({
  PK: String(item[TABLE.partitionKey]),
  SK: String(item[TABLE.sortKey]),
});

/** Deletes up to 25 keys, sending back what DynamoDB leaves unprocessed until it is all done. */
const deleteBatch = async (keys: ItemKey[]): Promise<void> => {
  let pending: ItemKey[] = keys;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    if (attempt > MAX_ATTEMPTS) {
      throw new Error(`erasePartition: ${pending.length} deletes still unprocessed after ${MAX_ATTEMPTS} attempts`);
    }
    if (attempt > 1) {
      const backoff = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 2));
      await sleep(backoff / 2 + Math.random() * (backoff / 2));
    }
    const result = await dynamo().send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: pending.map((Key) => ({ DeleteRequest: { Key } })) },
      }),
    );
    pending = (result.UnprocessedItems?.[tableName()] ?? []).flatMap((request) =>
      request.DeleteRequest?.Key ? [keyOf(request.DeleteRequest.Key)] : [],
    );
  }
};

const deleteKeys = async (keys: ItemKey[]): Promise<void> => {
  const batches: ItemKey[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_SIZE) batches.push(keys.slice(i, i + BATCH_SIZE));
  for (let i = 0; i < batches.length; i += PARALLEL_BATCHES) {
    await Promise.all(batches.slice(i, i + PARALLEL_BATCHES).map(deleteBatch));
  }
};

/** Deletes every item of `partition` except those `keep` spares; returns how many it deleted. */
export const erasePartition = async (
  partition: string,
  opts: { keep?: (sortKey: string) => boolean } = {},
): Promise<number> => {
  let erased = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.query({
      KeyConditionExpression: '#pk = :pk',
      ProjectionExpression: '#pk, #sk',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
      ExpressionAttributeValues: { ':pk': partition },
      ConsistentRead: true,
      ExclusiveStartKey,
    });
    const keys = (page.Items ?? []).map(keyOf).filter((key) => !opts.keep?.(key.SK));
    await deleteKeys(keys);
    erased += keys.length;
    // A Query resumes after its last evaluated key even when that item has just been deleted.
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return erased;
};
