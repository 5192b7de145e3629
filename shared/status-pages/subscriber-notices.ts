import { z } from 'zod';
import { IMPACT_LEVELS, INCIDENT_UPDATE_STATUSES, type ImpactLevel, type IncidentUpdate } from '../incidents/updates.js';
import { touchesOf } from './public-page-builder.js';
import type { StatusPageComponent } from './schemas.js';
import type { SubscriberNoticeKind } from './subscribers.js';

/**
 * Who is mailed about what (docs/status-pages.md "Subscriber mails"): pure functions from a notice
 * (an incident opened, updated or resolved; a maintenance run scheduled, started or ended) and a
 * page to the page's components it touches, and from a subscriber's choice to yes or no. The
 * queue message that carries a notice to one page's subscribers is defined here too, so the code
 * that queues it and the worker that reads it agree.
 */

/** An incident as a notice carries it: the record's own fields and its newest update, not the whole story. */
export interface NoticeIncident {
  id: string;
  monitor_id: string;
  /** Only down and slow incidents show on a page (recoveries are not incidents there). */
  alert_type: 'down' | 'slow';
  status: 'open' | 'resolved';
  started_at: string;
  resolved_at: string | null;
  /** The owner posted at least one update: such an incident shows even where automatic ones do not. */
  has_updates: boolean;
  /** The newest update: its impact decides which components the incident touches. */
  latest_update: IncidentUpdate | null;
}

/** A maintenance window as a notice carries it. */
export interface NoticeWindow {
  id: string;
  title: string;
  description: string | null;
  /** IANA zone the owner planned it in: the mail gives its times there as well as in UTC. */
  time_zone: string;
  monitor_ids: string[];
  /** A window on "a whole page" covers every component of that page. */
  status_page_id: string | null;
}

export type IncidentNoticeKind = Extract<SubscriberNoticeKind, `incident_${string}`>;
export type MaintenanceNoticeKind = Extract<SubscriberNoticeKind, `maintenance_${string}`>;

export type SubscriberNotice =
  | { kind: 'incident_opened' | 'incident_resolved'; incident: NoticeIncident }
  /** `update` is the one just posted (also the incident's `latest_update`). */
  | { kind: 'incident_updated'; incident: NoticeIncident; update: IncidentUpdate }
  | { kind: MaintenanceNoticeKind; window: NoticeWindow; occurrence: { starts_at: string; ends_at: string } };

/**
 * The notice's id, the same however often the event is seen again (a retried alert, a re-run of
 * the boundary job): the claim of each subscriber's mail is keyed by it, so each is mailed once.
 */
export const noticeId = (notice: SubscriberNotice): string => {
  switch (notice.kind) {
    case 'incident_opened':
    case 'incident_resolved':
      return `${notice.kind}#${notice.incident.id}`;
    case 'incident_updated':
      return `${notice.kind}#${notice.incident.id}#${notice.update.id}`;
    case 'maintenance_scheduled':
      // Announced once per window, as the owner's own mail is.
      return `${notice.kind}#${notice.window.id}`;
    default:
      return `${notice.kind}#${notice.window.id}#${notice.occurrence.starts_at}`;
  }
};

/** What a notice needs of a page. */
export interface NoticePage {
  id: string;
  components: readonly StatusPageComponent[];
  show_automatic_incidents: boolean;
}

/** A component a notice touches; an incident's with the impact the page shows for it. */
export interface TouchedComponent {
  component: StatusPageComponent;
  impact: ImpactLevel | null;
}

/**
 * The page's components the notice is about, by the page's own rules (docs/status-pages.md "The
 * public page", "Maintenance on the page"); empty when the page does not show it, and then the
 * page's subscribers get nothing. An incident the checks opened shows only where the page shows
 * automatic incidents, unless the owner has posted an update to it.
 */
export const touchedComponents = (notice: SubscriberNotice, page: NoticePage): TouchedComponent[] => {
  if ('window' in notice) {
    const { window } = notice;
    return page.components
      .filter((component) => window.status_page_id === page.id || window.monitor_ids.includes(component.monitor_id))
      .map((component) => ({ component, impact: null }));
  }
  const { incident } = notice;
  if (!page.show_automatic_incidents && !incident.has_updates) return [];
  const source = { ...incident, updates: incident.latest_update ? [incident.latest_update] : [] };
  return touchesOf(source, page.components).map((touch) => ({ component: touch.component, impact: touch.impact }));
};

/**
 * Whether one subscriber gets the notice: one who follows the whole page (no component ids) does
 * whenever the page shows it; one who chose components only when one of theirs is touched.
 */
export const subscriberGetsNotice = (subscriberComponentIds: readonly string[], touched: readonly TouchedComponent[]): boolean =>
  touched.length > 0 &&
  (subscriberComponentIds.length === 0 || touched.some(({ component }) => subscriberComponentIds.includes(component.id)));

/** The pages (of the notice's owner) whose subscribers hear of it: those it touches a component of. */
export const pagesToNotify = <P extends NoticePage>(notice: SubscriberNotice, pages: readonly P[]): P[] =>
  pages.filter((page) => touchedComponents(notice, page).length > 0);

const isoTime = z.string().min(1);

const IncidentUpdateSchema = z.object({
  id: z.string().min(1),
  status: z.enum(INCIDENT_UPDATE_STATUSES),
  message: z.string(),
  message_html: z.string(),
  impact: z.record(z.string(), z.enum(IMPACT_LEVELS)),
  created_at: isoTime,
});

const NoticeIncidentSchema = z.object({
  id: z.string().min(1),
  monitor_id: z.string().min(1),
  alert_type: z.enum(['down', 'slow']),
  status: z.enum(['open', 'resolved']),
  started_at: isoTime,
  resolved_at: isoTime.nullable(),
  has_updates: z.boolean(),
  latest_update: IncidentUpdateSchema.nullable(),
});

const NoticeSchema: z.ZodType<SubscriberNotice> = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['incident_opened', 'incident_resolved']), incident: NoticeIncidentSchema }),
  z.object({ kind: z.literal('incident_updated'), incident: NoticeIncidentSchema, update: IncidentUpdateSchema }),
  z.object({
    kind: z.enum(['maintenance_scheduled', 'maintenance_started', 'maintenance_ended']),
    window: z.object({
      id: z.string().min(1),
      title: z.string(),
      description: z.string().nullable(),
      time_zone: z.string().min(1),
      monitor_ids: z.array(z.string()),
      status_page_id: z.string().nullable(),
    }),
    occurrence: z.object({ starts_at: isoTime, ends_at: isoTime }),
  }),
]);

/**
 * A subscriber-notices queue message: one page's share of one notice, from `cursor` on (null: the
 * first slice). The worker mails one slice and queues the next with the cursor it ends at.
 */
export const SubscriberNoticeMessage = z.object({
  kind: z.literal('subscriber_notice'),
  userId: z.string().min(1),
  pageId: z.string().min(1),
  notice: NoticeSchema,
  cursor: z.string().nullable(),
});
export type SubscriberNoticeMessage = z.infer<typeof SubscriberNoticeMessage>;
