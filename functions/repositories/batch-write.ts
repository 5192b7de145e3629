import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';

/** BatchWriteItem takes at most 25 requests a call. */
export const BATCH_WRITE_LIMIT = 25;
const MAX_ATTEMPTS = 8;

export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: ItemKey } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every request written, 25 a call. The ones DynamoDB hands back unprocessed (throttling) are sent
 * again with a growing pause; some still unprocessed after 8 tries is an error. Puts here are
 * unconditional overwrites and deletes of absent items are fine, so a repeat is harmless.
 */
export const writeAll = async (requests: readonly WriteRequest[]): Promise<void> => {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) {
    let pending = requests.slice(i, i + BATCH_WRITE_LIMIT) as WriteRequest[];
    for (let attempt = 0; pending.length && attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await sleep(50 * 2 ** (attempt - 1));
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (result.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
    }
    if (pending.length) throw new Error(`${pending.length} of a batch of writes stayed unprocessed after ${MAX_ATTEMPTS} tries`);
  }
};
