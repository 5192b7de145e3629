import { areaHandler } from '../../http/area-handler.js';
import { handler as createChannel } from './create-channel.js';
import { handler as deleteChannel } from './delete-channel.js';
import { handler as getAlertRules } from './get-alert-rules.js';
import { handler as getNotificationPreferences } from './get-notification-preferences.js';
import { handler as getSubscriptionLimits } from './get-subscription-limits.js';
import { handler as listChannelDeliveries } from './list-channel-deliveries.js';
import { handler as listChannels } from './list-channels.js';
import { handler as listTimezones } from './list-timezones.js';
import { handler as resendChannelConfirmation } from './resend-channel-confirmation.js';
import { handler as rotateChannelSecret } from './rotate-channel-secret.js';
import { handler as sendTestNotification } from './send-test-notification.js';
import { handler as testChannel } from './test-channel.js';
import { handler as updateAlertRules } from './update-alert-rules.js';
import { handler as updateChannel } from './update-channel.js';
import { handler as updateNotificationPreferences } from './update-notification-preferences.js';
import { handler as updateUserPreferences } from './update-user-preferences.js';
import { handler as listMaintenanceWindows } from './list-maintenance-windows.js';
import { handler as getMaintenanceWindow } from './get-maintenance-window.js';
import { handler as createMaintenanceWindow } from './create-maintenance-window.js';
import { handler as updateMaintenanceWindow } from './update-maintenance-window.js';
import { handler as deleteMaintenanceWindow } from './delete-maintenance-window.js';
import { handler as submitSupportMessage } from './submit-support-message.js';
import { handler as getAccountManager } from './get-account-manager.js';

export const handler = areaHandler('account', {
  getSubscriptionLimits,
  getNotificationPreferences,
  updateNotificationPreferences,
  sendTestNotification,
  listChannels,
  createChannel,
  updateChannel,
  deleteChannel,
  testChannel,
  rotateChannelSecret,
  listChannelDeliveries,
  resendChannelConfirmation,
  getAlertRules,
  updateAlertRules,
  listTimezones,
  updateUserPreferences,
  listMaintenanceWindows,
  getMaintenanceWindow,
  createMaintenanceWindow,
  updateMaintenanceWindow,
  deleteMaintenanceWindow,
  submitSupportMessage,
  getAccountManager,
});
