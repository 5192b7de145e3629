import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { CHECK_SK_PREFIX, checkKey, ENTITY, monitorPartition, roundChecksPrefix } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import { isConditionFailure } from './dynamo-errors.js';

/** Raw check results (access patterns 9, 10), under the monitor's partition. */

const toCheckResult = (item: Record<string, unknown>): CheckResult => ({
  monitorId: String(item.monitor_id),
  region: String(item.region),
  round: String(item.round),
  outcome: item.outcome as CheckResult['outcome'],
  errorCategory: (item.error_category as CheckResult['errorCategory']) ?? null,
  statusCode: typeof item.status_code === 'number' ? item.status_code : null,
  timings: item.timings as CheckResult['timings'],
  checkedAt: String(item.checked_at),
  attempts: Number(item.attempts ?? 1),
  message: typeof item.message === 'string' ? item.message : null,
});

/**
 * Stores one region's result of one round. 'duplicate' when that region's result for the round is
 * already stored (SQS delivers at least once): the caller then has nothing new to decide.
 */
export const putCheckResult = async (opts: {
  userId: string;
  result: CheckResult;
  expiresAt: number;
}): Promise<'stored' | 'duplicate'> => {
  const { result } = opts;
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...checkKey(result.monitorId, result.round, result.region),
          entity: ENTITY.check,
          user_id: opts.userId,
          monitor_id: result.monitorId,
          region: result.region,
          round: result.round,
          outcome: result.outcome,
          error_category: result.errorCategory,
          status_code: result.statusCode,
          timings: result.timings,
          checked_at: result.checkedAt,
          attempts: result.attempts,
          message: result.message,
          expires_at: opts.expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return 'stored';
  } catch (error) {
    if (isConditionFailure(error)) return 'duplicate';
    throw error;
  }
};

/** Every region's result for one round, read consistently (they were just written). */
export const getRoundResults = async (monitorId: string, round: string): Promise<CheckResult[]> => {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :round)',
      ExpressionAttributeValues: { ':pk': monitorPartition(monitorId), ':round': roundChecksPrefix(round) },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toCheckResult);
};

/** The newest raw results of a monitor (export keeps the latest 100). */
export const latestCheckResults = async (monitorId: string, limit = 100): Promise<CheckResult[]> => {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': monitorPartition(monitorId), ':prefix': CHECK_SK_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toCheckResult);
};
