import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../clients/dynamodb.js';

/** Most writes one BatchWriteItem call takes. */
const BATCH_WRITE_MAX = 25;
/** Calls per batch before its unprocessed writes count as failed (~3 s of backoff in all). */
const BATCH_ATTEMPTS = 8;

const backoffMs = (attempt: number): number => Math.min(1000, 25 * 2 ** attempt) * (0.5 + Math.random() / 2);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** One call's worth of writes, the ones DynamoDB hands back unprocessed (throttling) sent again with jittered backoff. */
const writeBatch = async (requests: WriteRequest[]): Promise<void> => {
  let pending = requests;
  for (let attempt = 1; ; attempt++) {
    const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
    if (!pending.length) return;
    if (attempt >= BATCH_ATTEMPTS) {
      throw new Error(`BatchWriteItem left ${pending.length} of ${requests.length} writes unprocessed after ${attempt} calls`);
    }
    await sleep(backoffMs(attempt));
  }
};

/**
 * Every write done, in batches of 25 sent side by side; throws the first failure, but only once
 * every batch has settled, so nothing is still in flight when the caller undoes or retries the
 * writes. Puts are unconditional and deletes of absent items are fine, so a repeat is harmless.
 */
export const writeAll = async (requests: readonly WriteRequest[]): Promise<void> => {
  const batches: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += BATCH_WRITE_MAX) batches.push(requests.slice(start, start + BATCH_WRITE_MAX));
  const outcomes = await Promise.allSettled(batches.map(writeBatch));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
};
