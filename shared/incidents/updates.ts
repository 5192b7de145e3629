import { z } from 'zod';

/**
 * Incident updates (docs/status-pages.md "Incident updates"): what the owner tells their own users
 * about an incident, posted from the incident page and shown on every status page that has the
 * incident's monitor as a component. Kept on the incident record itself (`updates`, oldest first),
 * so a page reads an incident and its story in one item.
 */
export const INCIDENT_UPDATE_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentUpdateStatus = (typeof INCIDENT_UPDATE_STATUSES)[number];

export const INCIDENT_UPDATE_STATUS_TEXT: Readonly<Record<IncidentUpdateStatus, string>> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

/** How badly a component is hit, as the owner judges it: colours its bar and sets the banner. */
export const IMPACT_LEVELS = ['degraded', 'partial', 'major'] as const;
export type ImpactLevel = (typeof IMPACT_LEVELS)[number];

export const INCIDENT_UPDATE_LIMITS = {
  messageMax: 5000,
  /** Updates one incident keeps; the record stays far below DynamoDB's 400 KB item size. */
  updatesMax: 50,
} as const;

/** POST /api/incidents/{id}/updates. `impact` maps monitor ids to a level; left out: the incident's own monitor at its automatic level. */
export const IncidentUpdateInput = z.strictObject({
  status: z.enum(INCIDENT_UPDATE_STATUSES, { error: 'status must be investigating, identified, monitoring or resolved' }),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(INCIDENT_UPDATE_LIMITS.messageMax, `Message is too long (${INCIDENT_UPDATE_LIMITS.messageMax} characters at most)`),
  impact: z
    .record(z.string().min(1), z.enum(IMPACT_LEVELS, { error: 'impact must be degraded, partial or major' }))
    .optional(),
});
export type IncidentUpdateInput = z.infer<typeof IncidentUpdateInput>;

/** One posted update as stored on the incident and answered by the API. */
export interface IncidentUpdate {
  id: string;
  status: IncidentUpdateStatus;
  /** The owner's text, as written (the safe Markdown subset). */
  message: string;
  /** The same, rendered and sanitized: what pages and mails show. */
  message_html: string;
  /** Monitor id -> impact level. */
  impact: Record<string, ImpactLevel>;
  created_at: string;
}
