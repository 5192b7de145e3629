import type { ImpactLevel, IncidentUpdateStatus } from '../incidents/updates.js';
import type { OverallState } from './schemas.js';

/**
 * What a visitor of `/status/<slug>` is shown, as `GET /api/public/status/{slug}` answers it and as
 * the server renders it into HTML (docs/status-pages.md "The public page"). Nothing here names an
 * account, a monitor id or a monitored URL: components carry their own ids and public names.
 */

/** A component's state now: the banner's states, per component. */
export type ComponentState = OverallState;

/** One of the 90 daily bars, oldest first. Days are UTC calendar days. */
export interface PublicDay {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Share of the day's checked time the component was up, 0..100, maintenance left out; null: no data that day. */
  uptime: number | null;
  /** The worst that happened that day: how the bar is coloured. */
  state: 'operational' | 'degraded' | 'partial_outage' | 'major_outage' | 'maintenance' | 'no_data';
  /** Incidents that touched the day (hovering or tapping the bar lists them). */
  incidents: { id: string; title: string }[];
}

export interface PublicComponent {
  id: string;
  name: string;
  state: ComponentState;
  /** Uptime over the 90 days with data, 0..100, maintenance left out; null before any data. */
  uptime_90d: number | null;
  days: PublicDay[];
}

export interface PublicGroup {
  /** null: the components shown without a group heading. */
  name: string | null;
  components: PublicComponent[];
}

export interface PublicIncidentUpdate {
  status: IncidentUpdateStatus;
  /** The owner's message rendered from the safe Markdown subset and sanitized (docs/status-pages.md "Incident updates"). */
  message_html: string;
  created_at: string;
}

export interface PublicIncident {
  id: string;
  title: string;
  status: 'open' | 'resolved';
  /** The components it touches, with the impact the owner chose (or the automatic one). */
  components: { id: string; name: string; impact: ImpactLevel }[];
  started_at: string;
  resolved_at: string | null;
  /** Newest first. */
  updates: PublicIncidentUpdate[];
}

export interface PublicMaintenance {
  id: string;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string;
  /** The components it covers. */
  component_ids: string[];
}

export interface PublicStatusPage {
  name: string;
  slug: string;
  description: string | null;
  logo_url: string | null;
  accent_color: string | null;
  overall: { state: OverallState; text: string };
  groups: PublicGroup[];
  /** The last 90 days, newest first; open ones first of all. Every open one and the 50 newest resolved (PUBLIC_RESOLVED_INCIDENTS_SHOWN). */
  incidents: PublicIncident[];
  /** Resolved incidents of the 90 days left out of `incidents`, older than those listed (0 when none are). */
  older_incidents: number;
  maintenance: { active: PublicMaintenance[]; upcoming: PublicMaintenance[] };
  /** When this answer was built (the page says "Updated ..."; caches may serve it a little later). */
  generated_at: string;
}
