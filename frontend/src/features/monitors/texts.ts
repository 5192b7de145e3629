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
} as const;
