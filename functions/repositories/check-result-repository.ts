import type { CheckResult } from '../../shared/checks/check-result.js';
import { decodeRounds, newestAnswers } from '../../shared/checks/round-history.js';
import { CHECK_SK_PREFIX, checkKey, ENTITY, monitorPartition, monitorStateKey, ROUNDS_SK_PREFIX } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * A monitor's raw check results (access patterns 9, 9b and the state item 8c). Decided rounds are
 * kept with their answers, a few rounds per item (shared/checks/round-history.ts); an answer stands
 * alone as a per-region item only when it came after its round was decided (and in data written
 * before rounds were kept whole).
 */

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
 * Stores one region's answer on its own: one that came after its round was decided (a straggler).
 * 'duplicate' when that region's answer for the round is already stored this way.
 */
export const putCheckResult = async (opts: {
  userId: string;
  result: CheckResult;
  expiresAt: number;
}): Promise<'stored' | 'duplicate'> => {
  const { result } = opts;
  const stored = await writeIfAllowed(
    table.put({
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
  return stored ? 'stored' : 'duplicate';
};

/** History items, newest first, until they hold at least `limit` answers. */
const newestHistory = async (monitorId: string, limit: number): Promise<CheckResult[]> => {
  const results: CheckResult[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.query({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': monitorPartition(monitorId), ':prefix': ROUNDS_SK_PREFIX },
      ScanIndexForward: false,
      // A history item holds a few rounds of up to one answer per region.
      Limit: Math.max(1, Math.ceil(limit / 6)),
      ExclusiveStartKey,
    });
    for (const item of page.Items ?? []) {
      for (const round of decodeRounds(typeof item.rounds === 'string' ? item.rounds : null, monitorId)) results.push(...round.results);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && results.length < limit);
  return results;
};

/** Answers stored one per item (stragglers, older data), newest first. */
const newestSingleAnswers = async (monitorId: string, limit: number): Promise<CheckResult[]> => {
  const { Items } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': monitorPartition(monitorId), ':prefix': CHECK_SK_PREFIX },
    ScanIndexForward: false,
    Limit: limit,
  });
  return (Items ?? []).map(toCheckResult);
};

/** The rounds still held in the monitor's state item. */
const recentAnswers = async (userId: string, monitorId: string): Promise<CheckResult[]> => {
  const { Item } = await table.get({ Key: monitorStateKey(userId, monitorId), ProjectionExpression: 'recent' });
  return decodeRounds(typeof Item?.recent === 'string' ? Item.recent : null, monitorId).flatMap((round) => round.results);
};

/** The newest raw results of a monitor, newest round first (export keeps the latest 100). */
export const latestCheckResults = async (userId: string, monitorId: string, limit = 100): Promise<CheckResult[]> => {
  const sources = await Promise.all([
    recentAnswers(userId, monitorId),
    newestHistory(monitorId, limit),
    newestSingleAnswers(monitorId, limit),
  ]);
  return newestAnswers(sources, limit);
};
