import { adjustCounters, tierCounter } from '../../repositories/admin-counters-repository.js';
import { markOperatorProfile } from '../../repositories/admin-user-repository.js';

/**
 * Operators are not customers (docs/admin.md "Operator accounts"): the first time an account is
 * seen as an operator (provisioned, or signed in to the panel), its profile leaves the customer
 * list and the user, active and tier counters lose it, so the dashboard's users, Free count and
 * revenue per user, and the user list, count customers only. Idempotent: later calls change nothing.
 */
export const keepOperatorOutOfCustomerFigures = async (userId: string): Promise<void> => {
  const before = await markOperatorProfile(userId);
  if (!before) return;
  await adjustCounters({ users_total: -1, users_active: before.is_active ? -1 : 0, [tierCounter(before.subscription_tier)]: -1 });
};
