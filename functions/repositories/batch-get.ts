import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import type { TableItem } from './query-all.js';

/** BatchGetItem's limit per call. */
const BATCH_GET_MAX = 100;
const MAX_ATTEMPTS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const itemKeyId = (key: ItemKey): string => `${key.PK}\u0000${key.SK}`;

/**
 * The items at `keys` (duplicates read once), keyed by `itemKeyId`; absent items are missing from
 * the map. For joining a page of a list with the items it points at (owners, state items).
 */
export const batchGetItems = async (
  keys: readonly ItemKey[],
  /** Only these attributes (names, aliased here); the keys always come back. */
  attributes?: readonly string[],
  /** Strongly consistent reads: for an access decision that must see a write made a moment ago. */
  options: { consistent?: boolean } = {},
): Promise<Map<string, TableItem>> => {
  const projection = attributes && {
    ProjectionExpression: ['PK', 'SK', ...attributes].map((_name, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(['PK', 'SK', ...attributes].map((name, i) => [`#a${i}`, name])),
  };
  const unique = [...new Map(keys.map((key) => [itemKeyId(key), key])).values()];
  const found = new Map<string, TableItem>();
  for (let start = 0; start < unique.length; start += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] = unique.slice(start, start + BATCH_GET_MAX).map((key) => ({ PK: key.PK, SK: key.SK }));
    for (let attempt = 1; pending.length; attempt++) {
      if (attempt > MAX_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
      if (attempt > 1) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const result = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...projection, ...(options.consistent ? { ConsistentRead: true } : {}) } } }));
      for (const item of result.Responses?.[tableName()] ?? []) found.set(itemKeyId({ PK: String(item.PK), SK: String(item.SK) }), item);
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
};
