import { ENTITY, rateLimitKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { resultIfAllowed } from './table.js';

/**
 * Rate-limit counters (access pattern 19): one item per scope, subject and fixed window, counted up
 * with a conditional update, so parallel requests cannot pass the limit together. Items expire by
 * TTL a little after their window (TTL deletion may lag; a new window has a new key anyway).
 *
 * `countRateLimitUse` takes one use of a window and answers how many uses the window holds
 * with this one, or null when the window was full: the per-key limit of the public API reports
 * what is left (docs/api.md "Rate limits").
 */
export const countRateLimitUse = async (opts: {
  scope: string;
  subject: string;
  windowStart: Date;
  windowEnd: Date;
  limit: number;
}): Promise<number | null> => {
  const result = await resultIfAllowed(
    table.update({
      Key: rateLimitKey(opts.scope, opts.subject, opts.windowStart.toISOString()),
      UpdateExpression: 'SET entity = :entity, expires_at = :expiresAt ADD #hits :one',
      ConditionExpression: 'attribute_not_exists(#hits) OR #hits < :limit',
      ExpressionAttributeNames: { '#hits': 'hits' },
      ExpressionAttributeValues: {
        ':entity': ENTITY.rateLimit,
        ':expiresAt': Math.ceil(opts.windowEnd.getTime() / 1000) + 60,
        ':one': 1,
        ':limit': opts.limit,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return result ? Number(result.Attributes?.hits ?? opts.limit) : null;
};

/** Takes one use of a window: false when the window was already full. */
export const takeRateLimitSlot = async (opts: Parameters<typeof countRateLimitUse>[0]): Promise<boolean> => (await countRateLimitUse(opts)) !== null;
