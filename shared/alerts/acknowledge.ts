import { z } from 'zod';

/**
 * Acknowledging an incident (docs/alerts.md "Acknowledgement"): someone is on it, so its
 * re-notifications and further escalation steps stop, and every channel hears who took it.
 * From the incident page (signed in) or a one-click link in any alert message: the link opens
 * `/ack?token=...`, which shows the incident and acknowledges with one button (a link that
 * acknowledged on GET would be clicked by mail scanners and chat unfurlers).
 */
export const AcknowledgeTokenInput = z.object({
  token: z.string({ error: 'token is required' }).trim().min(20, 'This acknowledgement link is not valid').max(200, 'This acknowledgement link is not valid'),
});
export type AcknowledgeTokenInput = z.infer<typeof AcknowledgeTokenInput>;

export const AcknowledgeTokenQuery = AcknowledgeTokenInput;

/** What the acknowledgement page shows of the incident a link names (nothing else of the account). */
export interface AcknowledgementView {
  monitor_name: string;
  title: string;
  started_at: string;
  status: 'open' | 'resolved';
  acknowledged_at: string | null;
  acknowledged_by: string | null;
}

export { ACK_PAGE_PATH } from './ack-page.js';
