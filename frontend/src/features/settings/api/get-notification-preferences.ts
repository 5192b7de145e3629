import useSWR from 'swr';
import type { NotificationPreferences } from '@shared/account/notifications.js';
import { api } from '@/lib/api-client';

export const NOTIFICATION_PREFERENCES_PATH = '/api/notifications/preferences';

/** GET /api/notifications/preferences: all seven switches, defaults for those never saved. */
export const getNotificationPreferences = (): Promise<NotificationPreferences> =>
  api.get<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH);

export const useNotificationPreferences = () =>
  useSWR<NotificationPreferences, Error>(NOTIFICATION_PREFERENCES_PATH, getNotificationPreferences);
