import { logger } from '../../observability/logger.js';
import { getSubscription } from '../../repositories/subscription-repository.js';
import { providerFor } from './providers/index.js';

/**
 * An account being erased must not go on being charged: a subscription still alive at the provider
 * (paid, past due, or not yet paid) is cancelled there at once, before the account's items go
 * (docs/billing.md "Account deletion"). The provider's webhook that follows finds no profile and
 * changes nothing. A provider that refuses is logged and does not stop the erasure (a user's right
 * to be erased comes first; the period-end job no longer sees the subscription, so an operator
 * ends it at the provider from the log line).
 */
export const endSubscriptionOfErasedAccount = async (userId: string): Promise<void> => {
  const record = await getSubscription(userId);
  if (!record || record.status === 'ended') return;
  try {
    await providerFor(record.gateway).cancelNow(record.provider_subscription_id);
  } catch (error) {
    logger.error('Could not cancel the subscription of an account being erased; cancel it at the provider', {
      userId,
      gateway: record.gateway,
      subscriptionId: record.provider_subscription_id,
      error,
    });
  }
};
