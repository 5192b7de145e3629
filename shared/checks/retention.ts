import { TIERS, type TierId } from '../tiers.js';

/**
 * Raw check results expire by the owner's tier (free 30 days, pro 90, business 1 year,
 * enterprise 3 years): the value of the table's TTL attribute, in epoch seconds. DynamoDB deletes
 * expired items lazily, so readers that care also filter on it.
 */
const DAY_SECONDS = 86_400;

export const retentionSeconds = (tier: TierId): number => TIERS[tier].retentionDays * DAY_SECONDS;

export const expiresAt = (checkedAt: Date, tier: TierId): number =>
  Math.floor(checkedAt.getTime() / 1000) + retentionSeconds(tier);

/** Whether an item with TTL `expiresAtSeconds` is past it at `now` (DynamoDB may not have removed it yet). */
export const isExpired = (expiresAtSeconds: number, now: Date): boolean => expiresAtSeconds <= Math.floor(now.getTime() / 1000);
