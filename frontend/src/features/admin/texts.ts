/**
 * The operator panel's texts, word for word (docs/product-rules.md "Operator panel" for labels, "Error catalogue").
 * Where a server detail is present it is shown instead of the fallback (see `utils/errors.ts`).
 */
export const ADMIN_TEXT = {
  invalidCredentials: 'Invalid admin credentials',
  loginNetworkError: 'Network error. Please try again.',
  failedToFetchDashboard: 'Failed to fetch dashboard data',
  failedToFetchUsers: 'Failed to fetch users',
  failedToFetchUserDetails: 'Failed to fetch user details',
  failedToFetchMonitors: 'Failed to fetch monitors',
  failedToFetchIncidents: 'Failed to fetch incidents',
  failedToFetchPayments: 'Failed to fetch payments',
  failedToFetchErrors: 'Failed to fetch application errors',
  failedToResolveError: 'Failed to resolve error',
  failedToUpgradeUser: 'Failed to upgrade user',
  failedToDeleteUser: 'Failed to delete user',
  failedToUpdateUser: 'Failed to update user',
  uploadFailed: 'Upload failed',
  /** docs/product-rules.md "Error catalogue": a network failure in an admin list. */
  networkError: 'Network error',
  selectUserOrGlobal: 'Please select a user or use global upload',
  /** Our addition: the contact-form messages list. */
  failedToFetchMessages: 'Failed to fetch contact messages',
  /** The support queue (docs/product-rules.md "Priority support"). */
  markAnswered: 'Mark as answered',
  failedToMarkAnswered: 'Failed to mark the message answered',
  /** A workspace's account manager (docs/product-rules.md "Account manager"). */
  failedToSaveAccountManager: 'Failed to save the account manager',
  operational: 'Operational',
  ongoing: 'Ongoing',
  markAsResolved: 'Mark as Resolved',
} as const;
