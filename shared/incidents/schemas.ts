import { z } from 'zod';
import { INCIDENT_ALERT_TYPES } from '../checks/incident-details.js';
import type { IncidentStatus } from '../checks/monitor-state.js';
import type { MonitorIncident } from '../monitors/schemas.js';

/** docs/product-rules.md "Pagination": 10 incidents per page. */
export const INCIDENTS_PAGE_SIZE = 10;

export const INCIDENT_STATUSES = ['open', 'resolved'] as const satisfies readonly IncidentStatus[];

/**
 * An incident as the API returns it (docs/product-rules.md "Incidents and their texts"): the stored record with its monitor's name and URL,
 * the same shape as a monitor's `latest_incident`. The monitor fields are copied when the incident
 * is written, so an incident outlives a renamed or deleted monitor as it was.
 */
export type Incident = MonitorIncident;

export interface IncidentList {
  incidents: Incident[];
  total: number;
  pages: number;
  page: number;
}

const PositiveIntFromQuery = (name: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

// An empty value is how a form sends its "All" choice: it means no filter, not a bad one.
const emptyAsMissing = (value: unknown): unknown => (value === '' ? undefined : value);

/**
 * GET /api/incidents. The UI's type filter "Recovered" is `alert_type_filter=up` (docs/product-rules.md "Incidents and their texts":
 * the recovered card is the `up` incident). `slow` is accepted too: those incidents exist.
 */
export const ListIncidentsQuery = z.object({
  page: PositiveIntFromQuery('page', 1, 100_000),
  limit: PositiveIntFromQuery('limit', INCIDENTS_PAGE_SIZE, 100),
  status_filter: z.preprocess(
    emptyAsMissing,
    z.enum(INCIDENT_STATUSES, { error: 'status_filter must be open or resolved' }).optional(),
  ),
  alert_type_filter: z.preprocess(
    emptyAsMissing,
    z.enum(INCIDENT_ALERT_TYPES, { error: 'alert_type_filter must be down, up or slow' }).optional(),
  ),
});
export type ListIncidentsQuery = z.infer<typeof ListIncidentsQuery>;

/** An incident id in a path: a ULID (shared/checks/transition-ids.ts `incidentId`). */
export const IncidentIdParam = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/);
