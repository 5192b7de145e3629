import type { TableItem } from './query-all.js';
import * as table from './table-commands.js';

/**
 * Page-numbered lists over one index partition, newest first (the operator lists, docs/admin.md).
 * DynamoDB pages by key, not by number, so page N is reached by reading the N-1 pages before it:
 * a Query of the partition, never a Scan, reading `page x limit` items when the total is known
 * (from the counters item) and the whole partition when it is not (a search, or a filter without
 * a counter). A filter the key cannot express is applied to each page read.
 */

export type IndexName = 'GSI1' | 'GSI2';

export interface IndexPartition {
  index: IndexName;
  /** The partition key's value (`GSI1PK = partition`). */
  partition: string;
}

export interface NumberedPage<T> {
  items: T[];
  total: number;
}

/** Items read per Query call: several list pages at once, well under the 1 MB a call returns. */
const READ_BATCH = 100;

/** Attributes to read of each item (a ProjectionExpression and the names it uses); all when absent. */
export interface ItemProjection {
  expression: string;
  names?: Record<string, string>;
}

/**
 * Every item of the partition, newest first: `perQuery` a Query (unset: as many as fit DynamoDB's
 * 1 MB a call), only `projection`'s attributes when given.
 */
export async function* itemsNewestFirst(
  where: IndexPartition,
  { projection, perQuery }: { projection?: ItemProjection; perQuery?: number } = {},
): AsyncGenerator<TableItem> {
  let ExclusiveStartKey: TableItem | undefined;
  do {
    const page = await table.query({
      IndexName: where.index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': `${where.index}PK`, ...projection?.names },
      ExpressionAttributeValues: { ':pk': where.partition },
      ...(projection ? { ProjectionExpression: projection.expression } : {}),
      ScanIndexForward: false,
      ...(perQuery ? { Limit: perQuery } : {}),
      ExclusiveStartKey,
    });
    for (const item of page.Items ?? []) yield item;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/**
 * Page `page` (from 1) of `limit` items of the partition that pass `matches`. With `knownTotal` the
 * walk stops once the page is full; without, it reads to the end to count.
 */
export const numberedPage = async <T>(
  where: IndexPartition,
  opts: {
    page: number;
    limit: number;
    toItem: (item: TableItem) => T | null;
    matches?: (item: T) => boolean;
    knownTotal?: number;
  },
): Promise<NumberedPage<T>> => {
  const skip = (opts.page - 1) * opts.limit;
  const items: T[] = [];
  let seen = 0;
  for await (const raw of itemsNewestFirst(where, { perQuery: READ_BATCH })) {
    const item = opts.toItem(raw);
    if (item === null || (opts.matches && !opts.matches(item))) continue;
    if (seen >= skip && items.length < opts.limit) items.push(item);
    seen += 1;
    if (opts.knownTotal !== undefined && items.length === opts.limit) break;
  }
  return { items, total: opts.knownTotal ?? seen };
};

/** How many items of the partition have a sort key at or after `from`: one COUNT Query of that range. */
export const countSince = async (where: IndexPartition, from: string): Promise<number> => {
  let count = 0;
  let ExclusiveStartKey: TableItem | undefined;
  do {
    const page = await table.query({
      IndexName: where.index,
      KeyConditionExpression: '#pk = :pk AND #sk >= :from',
      ExpressionAttributeNames: { '#pk': `${where.index}PK`, '#sk': `${where.index}SK` },
      ExpressionAttributeValues: { ':pk': where.partition, ':from': from },
      Select: 'COUNT',
      ExclusiveStartKey,
    });
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
};
