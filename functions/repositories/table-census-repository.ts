import type { TableCensus } from '../../shared/admin/responses.js';
import { ENTITY, MONITOR_LIST_PARTITION, monitorPartition, tableCensusKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';

/**
 * The reads and the one item of the table census (docs/admin.md "Table size by kind"): a sample of
 * monitor ids from the all-monitors index, COUNT queries of one monitor partition's kinds, and the
 * census item itself (keys.ts pattern 82). Never a Scan.
 */

/** Up to `limit` monitor ids from the all-monitors index (pattern 7), oldest first; from `from` (a ULID prefix) on if given. */
export const monitorIdsFrom = async (from: string | null, limit: number): Promise<string[]> => {
  const { Items } = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: from === null ? 'GSI1PK = :pk' : 'GSI1PK = :pk AND GSI1SK >= :from',
    ExpressionAttributeValues: { ':pk': MONITOR_LIST_PARTITION, ...(from === null ? {} : { ':from': from }) },
    ProjectionExpression: 'GSI1SK',
    Limit: limit,
  });
  return (Items ?? []).map((item) => String(item.GSI1SK));
};

/** How many items of one monitor's partition have a sort key starting with `prefix` (COUNT pages). */
export const countMonitorItems = async (monitorId: string, prefix: string): Promise<number> => {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.query({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': monitorPartition(monitorId), ':prefix': prefix },
      Select: 'COUNT',
      ExclusiveStartKey: startKey,
    });
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
};

export const saveTableCensus = async (census: TableCensus): Promise<void> => {
  await table.put({ Item: { ...tableCensusKey(), entity: ENTITY.tableCensus, census } });
};

export const readTableCensus = async (): Promise<TableCensus | null> => {
  const { Item } = await table.get({ Key: tableCensusKey() });
  return (Item?.census as TableCensus | undefined) ?? null;
};
