import { DEFAULT_TIER, TIER_IDS, type TierId } from '../../shared/tiers.js';
import { userKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';

/** Just the owner's tier (it sets how long check history is kept), read with a projection. */
export const getUserTier = async (userId: string): Promise<TierId> => {
  const { Item } = await table.get({ Key: userKey(userId), ProjectionExpression: 'subscription_tier' });
  const tier = Item?.subscription_tier;
  return TIER_IDS.includes(tier) ? (tier as TierId) : DEFAULT_TIER;
};
