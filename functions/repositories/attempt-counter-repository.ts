import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ENTITY, rateLimitKey } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import { logger } from '../observability/logger.js';
import * as table from './table-commands.js';
import { resultIfAllowed, writeIfAllowed } from './table.js';

/**
 * Attempt counters for sign-in (access pattern 19, the same items as rate-limit-repository.ts:
 * `hits` per scope, subject and window). Sign-in needs more than a yes/no slot: it reads the
 * previous window to judge the last 15 minutes, and clears the count when the right password
 * comes. Items live through the following window (it reads them as "previous"), then expire by TTL.
 */

export interface CounterWindow {
  scope: string;
  subject: string;
  /** Splits the subject's window by origin (keys.ts 19b), e.g. the client IP of a sign-in. */
  from?: string;
  start: Date;
  end: Date;
}

const TTL_SLACK_SECONDS = 60;

/** The hits of one window; 0 when it has none. */
export const countInWindow = async (scope: string, subject: string, windowStart: Date, from?: string): Promise<number> => {
  const { Item } = await table.get({
    Key: rateLimitKey(scope, subject, windowStart.toISOString(), from),
    ProjectionExpression: 'hits',
    ConsistentRead: true,
  });
  return typeof Item?.hits === 'number' ? Item.hits : 0;
};

/**
 * Counts one attempt in `window` if it holds at most `maxBefore` so far, in one conditional write,
 * so parallel attempts cannot slip past the limit together. The new count, or null when refused.
 */
export const countAttempt = async (window: CounterWindow, maxBefore: number): Promise<number | null> => {
  if (maxBefore < 0) return null;
  const windowSeconds = (window.end.getTime() - window.start.getTime()) / 1000;
  const result = await resultIfAllowed(
    table.update({
      Key: rateLimitKey(window.scope, window.subject, window.start.toISOString(), window.from),
      UpdateExpression: 'SET entity = :entity, expires_at = :expiresAt ADD #hits :one',
      ConditionExpression: 'attribute_not_exists(#hits) OR #hits <= :maxBefore',
      ExpressionAttributeNames: { '#hits': 'hits' },
      ExpressionAttributeValues: {
        ':entity': ENTITY.rateLimit,
        ':expiresAt': Math.ceil(window.end.getTime() / 1000) + windowSeconds + TTL_SLACK_SECONDS,
        ':one': 1,
        ':maxBefore': maxBefore,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (!result) return null;
  return Number(result.Attributes?.hits ?? 1);
};

/**
 * Takes back one attempt counted in `window` (it turned out not to be a failure): the count never
 * goes below 0, and a window that is gone stays gone.
 */
export const uncountAttempt = async (window: CounterWindow): Promise<void> => {
  await writeIfAllowed(
    table.update({
      Key: rateLimitKey(window.scope, window.subject, window.start.toISOString(), window.from),
      UpdateExpression: 'ADD #hits :minusOne',
      ConditionExpression: '#hits > :zero',
      ExpressionAttributeNames: { '#hits': 'hits' },
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    }),
  );
};

/** Forgets the counts of the given windows (the right password came). */
export const clearWindows = async (scope: string, subject: string, windowStarts: Date[], from?: string): Promise<void> => {
  if (!windowStarts.length) return;
  const result = await dynamo().send(
    new BatchWriteCommand({
      RequestItems: {
        [tableName()]: windowStarts.map((start) => ({
          DeleteRequest: { Key: rateLimitKey(scope, subject, start.toISOString(), from) },
        })),
      },
    }),
  );
  const left = result.UnprocessedItems?.[tableName()]?.length ?? 0;
  // Two small deletes are rarely throttled; a count left behind is not worth failing a sign-in over.
  if (left) logger.warn('Attempt counters were left behind', { scope, unprocessed: left });
};
