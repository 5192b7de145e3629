import { ENTITY, forceCheckLockKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * One force check per user at a time (docs/product-rules.md "Force check": "blocked while one is running"). The lock expires by
 * itself (`expires_at`, checked in the condition because TTL deletion can lag by hours), so a crashed
 * call never blocks the user for long.
 */
export const acquireForceCheckLock = async (userId: string, now: Date, holdSeconds: number): Promise<boolean> => {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return writeIfAllowed(
    table.put({
      Item: { ...forceCheckLockKey(userId), entity: ENTITY.lock, started_at: now.toISOString(), expires_at: nowSeconds + holdSeconds },
      ConditionExpression: 'attribute_not_exists(PK) OR expires_at < :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    }),
  );
};

export const releaseForceCheckLock = async (userId: string): Promise<void> => {
  await table.delete({ Key: forceCheckLockKey(userId) });
};
