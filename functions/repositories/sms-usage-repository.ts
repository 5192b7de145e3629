import { ENTITY, smsUsageKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * Text messages a user sent in one calendar month (keys.ts 42), against their plan's allowance
 * (`smsPerMonth`, shared/tiers.ts). A month's counter expires a while after the month, by TTL.
 */
const KEEP_DAYS = 400;

/** `2026-11` of a time, in UTC. */
export const smsMonth = (now: Date): string => now.toISOString().slice(0, 7);

/** Counts one text if the month is still under `allowance`; false when the allowance is used up. */
export const takeSmsAllowance = async (userId: string, now: Date, allowance: number): Promise<boolean> =>
  allowance > 0 &&
  writeIfAllowed(
    table.update({
      Key: smsUsageKey(userId, smsMonth(now)),
      UpdateExpression: 'SET entity = :entity, expires_at = :expires ADD sent :one',
      ConditionExpression: 'attribute_not_exists(sent) OR sent < :allowance',
      ExpressionAttributeValues: {
        ':entity': ENTITY.smsUsage,
        ':expires': Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400,
        ':one': 1,
        ':allowance': allowance,
      },
    }),
  );

/** Texts sent so far this month. */
export const smsSentThisMonth = async (userId: string, now: Date): Promise<number> => {
  const { Item } = await table.get({ Key: smsUsageKey(userId, smsMonth(now)) });
  return Number(Item?.sent ?? 0);
};
