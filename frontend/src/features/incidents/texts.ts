import { formatTimestamp } from '@/utils/time';

/** The incident card's acknowledgement texts (docs/alerts.md "Acknowledgement"). */
export const ACK_TEXT = {
  acknowledge: 'Acknowledge',
  hint: 'Stops the reminders and further escalation, and tells your channels you are on it.',
  failed: 'Failed to acknowledge the incident',
} as const;

/** "Acknowledged by Grace Hopper at Nov 27, 2026, 2:05:09 PM UTC" (who, when known). */
export const acknowledgedByText = (by: string | null, at: string): string =>
  `Acknowledged${by ? ` by ${by}` : ''} at ${formatTimestamp(at)}`;

/** The incident page's "Updates" section (docs/status-pages.md "Incident updates"). */
export const UPDATE_TEXT = {
  heading: 'Updates',
  intro: 'What you tell your own users about this incident. Updates show on every status page that shows this monitor.',
  none: 'No updates yet. Your users see only what the checks found until you post one.',
  formHeading: 'Post update',
  status: 'Status',
  message: 'Message',
  markdownHint: 'Markdown works: **bold**, _italic_, `code`, lists and links.',
  draftNote: 'We drafted this from what the checks found. Edit it as you like before posting.',
  resolvedWhileOpen:
    'Resolved tells your users it is fixed. The incident itself stays open until the checks see the monitor working again.',
  impact: 'Impact',
  impactHint: 'How badly each monitor is hit, as your users would put it. It sets the banner and bars on your status pages.',
  notAffected: 'Not affected',
  addMonitor: 'Also affects',
  addMonitorPlaceholder: 'Add a monitor…',
  remove: 'Remove',
  post: 'Post update',
  posting: 'Posting…',
  posted: 'Update posted.',
  failed: 'Failed to post the update',
  anotherMonitor: 'Another monitor',
} as const;

/** The impact levels in the words of the status page's banner (shared/status-pages/schemas.ts OVERALL_STATE_TEXT). */
export const IMPACT_TEXT = {
  degraded: 'Degraded performance',
  partial: 'Partial outage',
  major: 'Major outage',
} as const;
