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
  typeDeleteExactly: 'Type DELETE in capital letters to delete your account, or choose Cancel to keep it.',
  failedToExportData: 'Failed to export data',
  monitorLimitReached: 'Monitor Limit Reached',
  approachingMonitorLimit: 'Approaching Monitor Limit',
  failedToProcessDowngrade: 'Failed to process downgrade request',
  failedToCancelSubscription: 'Failed to cancel subscription',
  // Receipts and the card portal (docs/billing.md "Receipts", "Card portal").
  failedToDownloadReceipt: 'The receipt could not be downloaded. Please try again.',
  failedToOpenCardPortal: 'The card settings could not be opened. Please try again.',
  cardPortalHint: "Change the card your renewals are charged to, or see Stripe's invoices, on Stripe's secure billing page. You come back here after.",
  upiPaymentMethod:
    'Renewals are collected through the UPI AutoPay mandate you approved, which your UPI app shows and lets you pause or revoke. ' +
    'There is no card to change; your receipts are below.',
  // Ours (docs/billing.md "Resume and undo").
  failedToResume: 'Your subscription could not be resumed. Please try again.',
  cannotResume: 'This can no longer be taken back: the cancellation of a UPI subscription goes to Razorpay a day before the period ends. You can buy a plan again once it has ended.',
} as const;

/** docs/product-rules.md "Downgrades and cancellation": the downgrade (and cancellation) result banner hides after 10 seconds. */
export const DOWNGRADE_BANNER_MS = 10_000;

/** docs/product-rules.md "Settings": how long the success messages stay. */
export const TIMEZONE_SUCCESS_MS = 5_000;
export const NOTIFICATION_SUCCESS_MS = 3_000;

/** docs/product-rules.md "Auth flows and token lifetimes": the account is deleted only when this is typed exactly; anything else is pointed out. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/**
 * The alert channels card's texts, word for word (docs/alerts.md "API", "Plans"). The field
 * labels and help of each channel type are in components/channels/channel-fields.ts; the
 * validation messages are the shared schemas' own (shared/alerts/channels/).
 */
export const CHANNEL_TEXT = {
  cardTitle: 'Alert channels',
  cardDescription: 'Send alerts to Slack, Teams, Discord, Telegram, PagerDuty, SMS, webhooks or more e-mail addresses, as well as your own e-mail.',
  addChannel: 'Add channel',
  addChannelTitle: 'Add alert channel',
  editChannelTitle: 'Edit alert channel',
  noChannels: 'No alert channels yet. Alerts go to your e-mail address only.',
  loading: 'Loading alert channels…',
  failedToLoad: 'Your alert channels could not be loaded.',
  chooseType: 'Channel type',
  name: 'Name',
  namePlaceholder: 'e.g. Ops team',
  isDefault: 'Use for monitors on the account defaults',
  isDefaultHint: 'Monitors that have no channels of their own chosen send their alerts here.',
  defaultMarker: 'Default',
  paused: 'Pause deliveries to this channel',
  pausedHint: 'Nothing is sent while it is paused. Untick to resume.',
  statusActive: 'Active',
  statusUnconfirmed: 'Awaiting confirmation',
  statusPausedAfterFailures: 'Paused after 10 failed deliveries',
  statusPaused: 'Paused',
  noDeliveriesYet: 'No deliveries yet',
  lastDelivery: 'Last delivery',
  sendTest: 'Send test',
  resendConfirmation: 'Resend confirmation',
  edit: 'Edit',
  deliveryLog: 'Delivery log',
  rotateSecret: 'Rotate secret',
  delete: 'Delete',
  cancel: 'Cancel',
  save: 'Save changes',
  done: 'Done',
  copy: 'Copy',
  copied: 'Copied',
  signingSecret: 'Signing secret',
  secretShownOnce: 'Copy it now: it is not shown again. Your endpoint checks each request’s webhook-signature with it.',
  previousSecretValid: 'The previous secret keeps working for 24 hours, so you can update your endpoint in the meantime.',
  rotateConfirm: 'A new signing secret is made now and shown once.',
  deleteConfirmTitle: 'Delete alert channel',
  deleteConfirm: 'Monitors that send to it stop sending to it. This cannot be undone.',
  deliveryLogEmpty: 'Nothing has been sent to this channel yet.',
  deliveryLogFailed: 'The delivery log could not be loaded.',
  confirmationSent: 'We sent a confirmation link to this address. Alerts go there once it is confirmed.',
  channelAdded: 'Channel added.',
  channelUpdated: 'Channel updated.',
  nothingChanged: 'Nothing to save: no field was changed.',
  atCapUpgrade: 'Upgrade your plan',
  seePlans: 'See plans',
  failedToAddChannel: 'Failed to add channel',
  failedToUpdateChannel: 'Failed to update channel',
  failedToDeleteChannel: 'Failed to delete channel',
  failedToSendTest: 'Failed to send test',
  failedToResendConfirmation: 'Failed to resend the confirmation e-mail',
  failedToRotateSecret: 'Failed to rotate secret',
  maskedSecretHint: 'Shown masked. Leave it as it is to keep the saved value, or paste a new one.',
} as const;

/** The delivery log's columns and outcomes (docs/alerts.md "API"). */
export const DELIVERY_TEXT = {
  columns: ['Time', 'Event', 'Monitor', 'Outcome', 'HTTP status', 'Latency', 'Attempts', 'Error', 'Next attempt'],
  outcomes: { pending: 'Waiting', sending: 'Sending', delivered: 'Delivered', failed: 'Failed', skipped: 'Skipped' },
} as const;

/** Delete's question: which channel. */
export const deleteQuestionText = (name: string): string => `Delete ${name}?`;

/** docs/alerts.md "Plans": "3 of 3 channels used on the Free plan". */
export const channelsUsedText = (used: number, cap: number, planName: string): string =>
  `${used} of ${cap} channels used on the ${planName} plan`;

/** docs/alerts.md "Plans": the monthly SMS allowance, "12 of 50 texts used this month". */
export const textsUsedText = (used: number, allowance: number): string => `${used} of ${allowance} texts used this month`;

/** docs/alerts.md "Plans": at the cap, Add explains instead of failing. */
export const channelCapReachedText = (cap: number, planName: string): string =>
  `You have added all ${cap} alert channels the ${planName} plan allows. Upgrade your plan to add more, or delete one you no longer need.`;

/** A type the plan does not include: "Available on Pro". */
export const availableOnText = (planName: string): string => `Available on ${planName}`;

/** Rotate's confirmation: which channel's secret. */
export const rotateTitleText = (name: string): string => `Rotate the signing secret of ${name}?`;

/** The "Alert rules" card's texts (docs/alerts.md "Alert rules"); the fields' own are in lib/alert-rules.ts. */
export const ALERT_RULES_CARD_TEXT = {
  title: 'Alert rules',
  description: 'When monitors alert, remind and escalate, unless a monitor has rules of its own.',
  loading: 'Loading alert rules…',
  failedToLoad: 'Your alert rules could not be loaded.',
  save: 'Save alert rules',
  useDefaults: 'Reset to defaults',
  saved: 'Alert rules saved.',
  failedToSave: 'Failed to save alert rules',
} as const;

/** Settings -> Audit log (docs/teams.md "Audit log"). */
export const AUDIT_LOG_TEXT = {
  title: 'Audit log',
  description: 'Who changed what in this workspace, when and from which IP address.',
  filterLabel: 'Filter the audit log',
  entries: 'Changes',
  retention: 'Each change is kept for a year. Nobody can edit or delete an entry.',
  anyAction: 'Any action',
  anyone: 'Anyone',
  apply: 'Apply filters',
  clear: 'Clear',
  exportCsv: 'Export CSV',
  loadMore: 'Load more',
  loading: 'Loading the audit log',
  empty: 'Nothing has been changed in this workspace yet.',
  noMatches: 'No changes match these filters.',
  failedToLoad: 'Failed to load the audit log',
  failedToLoadMore: 'Failed to load more of the audit log',
  failedToExport: 'Failed to export the audit log',
} as const;

/** Settings -> API (docs/api.md "Authentication"). */
export const API_KEY_TEXT = {
  title: 'API keys',
  description: 'Keys let your scripts and tools use the Upwatch API for this workspace. Send one as "Authorization: Bearer uw_...".',
  referenceLink: 'Read the API reference',
  upgradeTitle: 'API access is part of Business',
  upgradeBody: 'API keys come with the Business and Enterprise plans. Upgrade this workspace to create keys and use the API.',
  upgradeLink: 'See plans',
  keptKeysNote: 'This workspace has keys from when it was on Business or Enterprise. They stop working until it is upgraded again; you can still revoke them.',
  createTitle: 'Create a key',
  nameLabel: 'Name',
  nameHint: 'What uses it, e.g. "CI deploys"',
  scopeLabel: 'Access',
  expiresLabel: 'Expires on (optional)',
  expiresHint: 'Leave empty for a key that does not expire.',
  create: 'Create key',
  createFailed: 'The key could not be created. Please try again.',
  secretTitle: 'Copy your new key now. You won’t see it again.',
  secretBody: 'Upwatch keeps only a fingerprint of it. If you lose it, revoke the key and create another.',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  listTitle: 'Keys',
  empty: 'No keys yet.',
  loading: 'Loading API keys',
  loadFailed: 'The API keys could not be loaded.',
  never: 'Never',
  noExpiry: 'Never',
  revoked: 'Revoked',
  expired: 'Expired',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this key?',
  revokeConfirm: 'Revoke key',
  revokeFailed: 'The key could not be revoked. Please try again.',
  revokeBody: (name: string) => `Anything using “${name}” will be refused from its next request. This cannot be undone.`,
  columns: { name: 'Name', key: 'Key', access: 'Access', created: 'Created', expires: 'Expires', lastUsed: 'Last used' },
} as const;

/** Settings -> Security, "Active sessions" (docs/security.md "Tokens and sessions"). */
export const SESSIONS_TEXT = {
  title: 'Active sessions',
  description: 'Where your account is signed in. Sign out anything you do not recognise.',
  loading: 'Loading sessions',
  loadFailed: 'Failed to load your sessions.',
  thisDevice: 'This device',
  signedIn: 'Signed in',
  lastSeen: 'Last seen',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  signOutTitle: 'Sign out this session?',
  signOutBody: (device: string, ip: string) => `${device} (${ip}) will be signed out at its next action and has to sign in again.`,
  signOutFailed: 'Failed to sign out the session.',
  everywhereTitle: 'Sign out everywhere?',
  everywhereBody: 'Every session will be signed out, this one included. You will need to sign in again on each device.',
  everywhereFailed: 'Failed to sign out everywhere.',
} as const;
