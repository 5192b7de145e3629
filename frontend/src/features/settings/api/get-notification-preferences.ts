import useSWR from 'swr';
import type { NotificationPreferences } from '@shared/account/notifications.js';
import { apiPath, callApi } from '@/lib/api-client';

export const NOTIFICATION_PREFERENCES_PATH = apiPath('getNotificationPreferences');

/** GET /api/notifications/preferences: all seven switches, defaults for those never saved. */
export const getNotificationPreferences = (): Promise<NotificationPreferences> =>
  callApi('getNotificationPreferences');

export const useNotificationPreferences = () =>
  useSWR<NotificationPreferences, Error>(NOTIFICATION_PREFERENCES_PATH, getNotificationPreferences);
