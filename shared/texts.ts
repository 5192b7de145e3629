/** Product texts the server and the UI share, word for word (docs/product-rules.md "Error catalogue"). */
export const TEXT = {
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidUrl: 'Please enter a valid URL (including http:// or https://)',
  missingVerificationToken: 'Invalid or missing verification token',
  missingResetToken: 'Invalid or missing reset token',
  newPasswordTooShort: 'New password must be at least 8 characters long',
  passwordChanged: 'Password changed successfully!',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  registrationSuccessTitle: 'Registration Successful!',
  registrationSuccessBody: 'Please check your email to verify your account before logging in.',
  failedToLoadMonitors: 'Failed to load monitors',
  failedToLoadDashboard: 'Failed to load dashboard data',
  failedToLoadIncidents: 'Failed to load incidents',
  noRecentIncidents: 'No recent incidents. All systems running smoothly!',
  noIncidentsReported: 'No incidents reported.',
  failedToCreateMonitor: 'Failed to create monitor',
  failedToVerifyEmail: 'Failed to verify email',
  noMonitorsYet: 'No monitors yet',
  addFirstMonitor: 'Add Your First Monitor',
  refreshStatus: 'Refresh Status',
  forceCheckTimedOut: 'Force check timed out. Some monitors may still be checking in the background.',
  failedToUpdateMonitorStatus: 'Failed to update monitor status',
  /** docs/product-rules.md "Bulk upload": a bulk upload whose file name does not end in .csv, or without a file. */
  selectCsvFile: 'Please select a CSV file',
  contactMessageSent: 'Message sent!',
  contactReplyPromise: "We'll get back to you within 24 hours.",
  contactSendAnother: 'Send another message',
  contactFailed: 'Failed to submit form. Please try again.',
  forgotPasswordFailed: 'Failed to send reset email',
  forgotPasswordSentTitle: 'Check Your Email',
  resetPasswordFailed: 'Failed to reset password',
  resendVerificationFailed: 'Failed to resend verification email',
} as const;

/** "1 monitor", "3 monitors": a count with its noun in the right number. */
export const countOf = (count: number, singular: string, plural = `${singular}s`): string => `${count} ${count === 1 ? singular : plural}`;

/**
 * Force check's result (docs/product-rules.md "Force check"), "Checked N monitors: S successful, F failed", said honestly: a
 * check that ran says what it found (up or down), since "successful" would read as "the site is
 * fine" for a site that is down. "failed" keeps its first meaning, a check that could not finish
 * in time (it goes on in the background), and is said only when there are some.
 */
export const forceCheckSummary = (result: { total: number; up: number; down: number; failed: number }): string => {
  const found = [`${result.up} up`, `${result.down} down`];
  if (result.failed > 0) found.push(`${result.failed} failed (still checking in the background)`);
  return `Checked ${countOf(result.total, 'monitor')}: ${found.join(', ')}`;
};

/** docs/product-rules.md "Force check": the force-check request gives up after 180 s. */
export const FORCE_CHECK_CLIENT_TIMEOUT_MS = 180_000;

export const PASSWORD_MIN_LENGTH = 8;
