/**
 * The Monitors screen's own texts, word for word (docs/product-rules.md "Monitors and their states", "Error catalogue"). Texts the server
 * shares (failed to load, create, status update, CSV file, force check) are in shared/texts.ts.
 */
export const MONITOR_TEXT = {
  failedToUpdateMonitor: 'Failed to update monitor',
  failedToDeleteMonitor: 'Failed to delete monitor',
  uploadFailed: 'Upload failed',
  failedToFetchTemplate: 'Failed to fetch template',
  upgradeYourPlan: 'Upgrade Your Plan',
  upgradeNow: 'Upgrade Now',
  bulkUpload: 'Bulk Upload',
  addMonitor: 'Add Monitor',
  uploadAnotherFile: 'Upload Another File',
  done: 'Done',
  monitorAdded: 'Monitor added',
  savedNoticeIntro: "is saved. Put this URL in your job now; it is also on the monitor's page.",
} as const;

/** The monitor form's "Alert channels" field (docs/alerts.md "Which channels a monitor uses"). */
export const MONITOR_CHANNEL_TEXT = {
  legend: 'Alert channels',
  accountDefaults: 'Account defaults',
  chosenChannels: 'Chosen channels',
  noDefaultChannels: 'No channel is marked Default yet.',
  chosenHint: 'Alerts go to the channels ticked here, besides your e-mail alerts.',
  noChannels: 'No alert channels yet, besides your e-mail alerts.',
  addChannels: 'Add channels in Settings -> Notifications',
  failedToLoad: 'Your alert channels could not be loaded; the monitor keeps the channels it has.',
  loading: 'Loading alert channels…',
  paused: '(paused)',
  unconfirmed: '(awaiting confirmation)',
} as const;

/** The monitor form's "Alert rules" part (docs/alerts.md "Alert rules"). */
export const MONITOR_RULES_TEXT = {
  legend: 'Alert rules',
  accountDefaults: 'Account defaults',
  custom: 'Custom for this monitor',
  customHint: 'Its own rounds, reminders and escalation, whatever the account defaults say.',
  loading: 'Loading the account’s alert rules…',
  failedToLoad: 'The account’s alert rules could not be loaded.',
} as const;
