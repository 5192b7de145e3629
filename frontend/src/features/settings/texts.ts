/**
 * The Settings page's product texts, word for word (docs/product-rules.md "Settings", "Validation rules", "Error catalogue"). Texts the
 * server shares live in shared/texts.ts, the payment texts in lib/payment-texts.ts.
 */
export const SETTINGS_TEXT = {
  refreshing: 'Refreshing...',
  updating: 'Updating...',
  updateTimezone: 'Update Timezone',
  timezoneUpdated: 'Timezone updated successfully!',
  failedToUpdateTimezone: 'Failed to update timezone',
  notificationPreferencesUpdated: 'Notification preferences updated successfully!',
  failedToUpdateNotificationPreferences: 'Failed to update notification preferences',
  failedToSendTestNotification: 'Failed to send test notification',
  newPasswordsDoNotMatch: 'New passwords do not match',
  failedToChangePassword: 'Failed to change password',
  failedToDeleteAccount: 'Failed to delete account',
  failedToExportData: 'Failed to export data',
  comingSoon: 'Coming Soon',
  enableTwoFactor: 'Enable 2FA (Coming Soon)',
  monitorLimitReached: 'Monitor Limit Reached',
  approachingMonitorLimit: 'Approaching Monitor Limit',
  failedToProcessDowngrade: 'Failed to process downgrade request',
  failedToCancelSubscription: 'Failed to cancel subscription',
} as const;

/** docs/product-rules.md "Downgrades and cancellation": the downgrade (and cancellation) result banner hides after 10 seconds. */
export const DOWNGRADE_BANNER_MS = 10_000;

/** docs/product-rules.md "Settings": how long the success messages stay. */
export const TIMEZONE_SUCCESS_MS = 5_000;
export const NOTIFICATION_SUCCESS_MS = 3_000;

/** docs/product-rules.md "Auth flows and token lifetimes": the account is deleted only when this is typed exactly; anything else cancels. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';
