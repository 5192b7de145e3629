import { useSWRConfig } from 'swr';
import type { UserPreferences } from '@shared/account/timezones.js';
import { callApi } from '@/lib/api-client';
import { ME_KEY } from '@/lib/session';
import { TIMEZONES_PATH } from './get-timezones';

/** PUT /api/user/preferences {timezone}. */
export const updateTimezone = (timezone: string): Promise<UserPreferences> =>
  callApi('updateUserPreferences', { body: { timezone } });

/**
 * Saves the zone, then reloads the user (whose timezone is the display timezone everywhere, docs/product-rules.md "Display rules")
 * and the saved zone of the list.
 */
export const useUpdateTimezone = () => {
  const { mutate } = useSWRConfig();
  return async (timezone: string): Promise<UserPreferences> => {
    const saved = await updateTimezone(timezone);
    await Promise.all([mutate(ME_KEY), mutate(TIMEZONES_PATH)]);
    return saved;
  };
};
