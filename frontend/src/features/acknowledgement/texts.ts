import { formatTimestamp } from '@/utils/time';

/** The acknowledgement page's texts, word for word (docs/alerts.md "Acknowledgement"). */
export const ACK_PAGE_TEXT = {
  pageTitle: 'Acknowledge incident',
  loading: 'Loading the incident…',
  acknowledge: 'Acknowledge',
  acknowledgeHint: 'Stops the reminders and further escalation, and tells every channel that someone is on it.',
  acknowledged: 'Reminders and escalation have stopped, and your channels hear that someone is on it.',
  resolved: 'This incident is resolved: the monitor is back up, so there is nothing to acknowledge.',
  invalidTitle: 'This link does not work',
  missingToken: 'This acknowledgement link is not complete. Open it again from the alert, or acknowledge the incident in the app.',
  failedToLoad: 'This acknowledgement link could not be opened. Try again in a moment.',
  failedToAcknowledge: 'Failed to acknowledge the incident',
  openApp: 'Open your incidents',
  monitor: 'Monitor',
  since: 'Since',
  status: 'Status',
  open: 'Open',
  resolvedStatus: 'Resolved',
} as const;

/** "Already acknowledged by Grace at Nov 27, 2026, 2:05:09 PM UTC" (who, when known). */
export const alreadyAcknowledgedText = (by: string | null, at: string): string =>
  `Already acknowledged${by ? ` by ${by}` : ''} at ${formatTimestamp(at)}.`;

/** "Acknowledged by Grace at ..." after this page's own click. */
export const acknowledgedByText = (by: string | null, at: string): string => `Acknowledged${by ? ` by ${by}` : ''} at ${formatTimestamp(at)}.`;
