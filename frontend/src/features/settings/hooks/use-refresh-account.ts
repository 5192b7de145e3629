import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { User } from '@shared/auth/schemas.js';
import { getMe, ME_KEY } from '@/lib/session';
import { SUBSCRIPTION_LIMITS_PATH } from '@/lib/subscription';
import { PAYMENT_HISTORY_PATH } from '../api/get-payment-history';

/**
 * Reloads what a plan change touches: the user (its tier, shown in the header badge), the monitor
 * limits and the payment history. The user is fetched here rather than through SWR's revalidation,
 * which does not report a failure to its caller. Resolves to the fresh user.
 */
export const useRefreshAccount = () => {
  const { mutate } = useSWRConfig();
  return useCallback(async (): Promise<User> => {
    const user = await getMe();
    await mutate(ME_KEY, user, { revalidate: false });
    await Promise.all([mutate(SUBSCRIPTION_LIMITS_PATH), mutate(PAYMENT_HISTORY_PATH)]);
    return user;
  }, [mutate]);
};
