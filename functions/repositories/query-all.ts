import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as table from './table-commands.js';
import { type Unbound } from './table.js';

export type TableItem = Record<string, unknown>;

/**
 * Every item a Query matches, page after page: DynamoDB answers at most 1 MB per call. For the
 * bounded reads of a request (a user's monitors, a monitor's rollups in a window, a due-index
 * range); a read that may be large streams its pages instead (partition-eraser.ts).
 */
export const queryAll = async (input: Omit<Unbound<QueryCommandInput>, 'ExclusiveStartKey'>): Promise<TableItem[]> => {
  const items: TableItem[] = [];
  let ExclusiveStartKey: TableItem | undefined;
  do {
    const page = await table.query({ ...input, ExclusiveStartKey });
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};
