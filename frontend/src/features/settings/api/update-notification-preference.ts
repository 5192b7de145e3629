import { useSWRConfig } from 'swr';
import type { NotificationPreferenceKey, NotificationPreferences } from '@shared/account/notifications.js';
import { callApi } from '@/lib/api-client';
import { NOTIFICATION_PREFERENCES_PATH } from './get-notification-preferences';

/** PUT /api/notifications/preferences with the single changed key (docs/product-rules.md "Alerts and notifications"); answers all seven. */
export const updateNotificationPreference = (key: NotificationPreferenceKey, value: boolean): Promise<NotificationPreferences> =>
  callApi('updateNotificationPreferences', { body: { [key]: value } });

/** Saves one switch and puts the server's answer (every switch) in the cache. */
export const useUpdateNotificationPreference = () => {
  const { mutate } = useSWRConfig();
  return async (key: NotificationPreferenceKey, value: boolean): Promise<NotificationPreferences> => {
    const preferences = await updateNotificationPreference(key, value);
    await mutate(NOTIFICATION_PREFERENCES_PATH, preferences, { revalidate: false });
    return preferences;
  };
};
