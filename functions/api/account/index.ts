import { areaHandler } from '../../http/area-handler.js';
import { handler as getNotificationPreferences } from './get-notification-preferences.js';
import { handler as getSubscriptionLimits } from './get-subscription-limits.js';
import { handler as listTimezones } from './list-timezones.js';
import { handler as sendTestNotification } from './send-test-notification.js';
import { handler as updateNotificationPreferences } from './update-notification-preferences.js';
import { handler as updateUserPreferences } from './update-user-preferences.js';

export const handler = areaHandler('account', {
  getSubscriptionLimits,
  getNotificationPreferences,
  updateNotificationPreferences,
  sendTestNotification,
  listTimezones,
  updateUserPreferences,
});
