import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SLOW_THRESHOLD_MS } from '../../shared/checks/dispatch.js';
import { dueKey, monitorKey } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import { isConditionFailure } from './dynamo-errors.js';

/** The dispatcher's view of the table: the sparse due index (access pattern 8). */
export interface DueMonitor {
  userId: string;
  monitorId: string;
  url: string;
  intervalSeconds: number;
  timeoutSeconds: number;
  slowThresholdMs: number;
  shard: number;
  nextCheckAt: string;
}

const toDueMonitor = (item: Record<string, unknown>): DueMonitor => ({
  userId: String(item.user_id),
  monitorId: String(item.id),
  url: String(item.url),
  intervalSeconds: Number(item.check_interval),
  timeoutSeconds: Number(item.timeout),
  slowThresholdMs: Number(item.slow_threshold_ms ?? DEFAULT_SLOW_THRESHOLD_MS),
  shard: Number(item.shard),
  nextCheckAt: String(item.next_check_at),
});

/** Active monitors of a shard whose next check is at or before `now`. */
export const queryDueMonitors = async (shard: number, now: Date): Promise<DueMonitor[]> => {
  const { GSI2PK } = dueKey(shard, '');
  const due: DueMonitor[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :shard AND GSI2SK <= :now',
        ExpressionAttributeValues: { ':shard': GSI2PK, ':now': now.toISOString() },
        ExclusiveStartKey,
      }),
    );
    due.push(...(page.Items ?? []).map(toDueMonitor));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return due;
};

/**
 * Moves a monitor's next check to `nextDueAt`, only if it is still active and still due at the
 * time this dispatcher read (the index is eventually consistent, and two dispatch runs may overlap:
 * the condition makes sure only one of them sends the round). False when another run got there.
 */
export const claimDueMonitor = async (monitor: DueMonitor, nextDueAt: Date): Promise<boolean> => {
  const next = nextDueAt.toISOString();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: monitorKey(monitor.userId, monitor.monitorId),
        UpdateExpression: 'SET next_check_at = :next, GSI2SK = :next',
        ConditionExpression: 'next_check_at = :expected AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':next': next, ':expected': monitor.nextCheckAt, ':active': 'active' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
