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
