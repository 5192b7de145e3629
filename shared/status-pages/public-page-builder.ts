import type { IncidentAlertType } from '../checks/incident-details.js';
import type { ImpactLevel, IncidentUpdate } from '../incidents/updates.js';
import { componentBars, type BarIncident, type DayCounters } from './day-bars.js';
import { componentState, overallState, severityOf, IMPACT_STATE, type MonitorNow } from './page-state.js';
import type { PublicComponent, PublicGroup, PublicIncident, PublicStatusPage } from './public-page.js';
import type { StatusPageComponent } from './schemas.js';
import { publicIncidentTitle } from './texts.js';

/**
 * The public page from what is stored (docs/status-pages.md "The public page"): a pure function, so
 * the JSON route and the server-rendered HTML show the same thing, and the rules are tested without
 * a table. Nothing of the owner's account, monitor ids or URLs reaches the result.
 */

/** The page as its owner set it up. */
export interface PageSetup {
  name: string;
  slug: string;
  description: string | null;
  logo_url: string | null;
  accent_color: string | null;
  components: readonly StatusPageComponent[];
  show_automatic_incidents: boolean;
}

/** An incident of the owner's as stored (its record), with the updates posted to it, oldest first. */
export interface SourceIncident {
  id: string;
  monitor_id: string;
  alert_type: IncidentAlertType;
  status: 'open' | 'resolved';
  started_at: string;
  resolved_at: string | null;
  updates?: readonly IncidentUpdate[];
  /** Recorded while its monitor was in this maintenance window (the boundary job's stamp); absent: not in one. */
  maintenance_window_id?: string;
  /** When that run of the window was to end. */
  maintenance_until?: string;
}

/**
 * How long caches may keep the public page, JSON and HTML alike (docs/status-pages.md "Caching"):
 * at most about 30 s behind the checks, and served a little stale while a fresh copy is fetched.
 */
export const PUBLIC_STATUS_CACHE_CONTROL = 'public, max-age=25, stale-while-revalidate=60';

/**
 * How long the "no such page" answer may be kept: briefly, so a page created a moment ago (its
 * address shared at once) opens within seconds, while a crowd on a wrong address still hits a cache.
 */
export const MISSING_STATUS_PAGE_CACHE_CONTROL = 'public, max-age=5';

/**
 * How many resolved incidents the page lists (docs/status-pages.md "The public page"): the newest
 * ones, beside every open one. Ninety days of a flapping monitor can be hundreds; the page says how
 * many older ones it leaves out (`older_incidents`), and the day bars still list each day's own.
 */
export const PUBLIC_RESOLVED_INCIDENTS_SHOWN = 50;

export interface PageSources {
  page: PageSetup;
  /** By monitor id; a component whose monitor is missing (deleted meanwhile) is left out. */
  monitors: ReadonlyMap<string, MonitorNow>;
  /** The owner's incidents of the last 90 days, any order. */
  incidents: readonly SourceIncident[];
  /** By monitor id, then by UTC day (`YYYY-MM-DD`). */
  days: ReadonlyMap<string, ReadonlyMap<string, DayCounters>>;
  /** The windows covering the page's components (page-maintenance.ts); a component in an active one is under maintenance. */
  maintenance: PublicStatusPage['maintenance'];
  now: Date;
}

/** The level the checks give an incident of their own: a down one is major, a slow one degraded. */
const automaticImpact = (alertType: 'down' | 'slow'): ImpactLevel => (alertType === 'down' ? 'major' : 'degraded');

export interface Touch {
  component: StatusPageComponent;
  impact: ImpactLevel;
  /** The owner chose it: an update names it at a level other than the checks' own. */
  byOwner: boolean;
}

/**
 * The components an incident touches, with their impact: those its newest update weighs, and its
 * own monitor's at the automatic level unless the update weighs that one too. An update that
 * repeats the automatic level on the incident's own monitor is no owner's choice (an update posted
 * without an impact stores the automatic one).
 */
export const touchesOf = (incident: SourceIncident & { alert_type: 'down' | 'slow' }, components: readonly StatusPageComponent[]): Touch[] => {
  const automatic = automaticImpact(incident.alert_type);
  const weighed = incident.updates?.at(-1)?.impact ?? {};
  return components.flatMap((component): Touch[] => {
    const own = component.monitor_id === incident.monitor_id;
    const chosen = weighed[component.monitor_id];
    if (chosen) return [{ component, impact: chosen, byOwner: !own || chosen !== automatic }];
    return own ? [{ component, impact: automatic, byOwner: false }] : [];
  });
};

/**
 * An incident the checks recorded inside a maintenance window that stayed inside it: resolved by the
 * window's end, or still open while its monitor is still in maintenance. The window, which the page
 * shows, explains it. One that outlasts the window is news of its own.
 */
export const explainedByWindow = (incident: SourceIncident, monitorInMaintenanceNow: boolean): boolean => {
  if (!incident.maintenance_window_id) return false;
  if (incident.status === 'open') return monitorInMaintenanceNow;
  return !incident.maintenance_until || !incident.resolved_at || incident.resolved_at <= incident.maintenance_until;
};

/**
 * Whether the page lists an incident (docs/status-pages.md "Maintenance on the page"): one the
 * window explains (`explainedByWindow`) only once the owner has posted an update to it; with
 * `show_automatic_incidents` off, only incidents with an update at all.
 */
export const isListedIncident = (incident: SourceIncident, showAutomatic: boolean, monitorInMaintenanceNow: boolean): boolean => {
  const updated = (incident.updates?.length ?? 0) > 0;
  if (explainedByWindow(incident, monitorInMaintenanceNow)) return updated;
  return showAutomatic || updated;
};

const isShownKind = (incident: SourceIncident): incident is SourceIncident & { alert_type: 'down' | 'slow' } =>
  incident.alert_type === 'down' || incident.alert_type === 'slow';

/** Groups in the order they first appear, the ungrouped components first (docs/status-pages.md "Pages and components"). */
const grouped = (components: readonly PublicComponent[], groupOf: ReadonlyMap<string, string | null>): PublicGroup[] => {
  const groups = new Map<string | null, PublicComponent[]>([[null, []]]);
  for (const component of components) {
    const name = groupOf.get(component.id) ?? null;
    groups.set(name, [...(groups.get(name) ?? []), component]);
  }
  return [...groups].filter(([, members]) => members.length).map(([name, members]) => ({ name, components: members }));
};

const withWindow = (monitor: MonitorNow, inWindow: boolean): MonitorNow => (inWindow ? { ...monitor, inMaintenance: true } : monitor);

export const buildPublicStatusPage = (sources: PageSources): PublicStatusPage => {
  const { page, now } = sources;
  const components = page.components.filter((component) => sources.monitors.has(component.monitor_id));

  // A window running now shows its components under maintenance, as the state item's stamp does.
  const inWindow = new Set(sources.maintenance.active.flatMap((window) => window.component_ids));
  const monitorsInMaintenance = new Set([
    ...[...sources.monitors].filter(([, monitor]) => monitor.inMaintenance).map(([monitorId]) => monitorId),
    ...components.filter((component) => inWindow.has(component.id)).map((component) => component.monitor_id),
  ]);
  const shown = sources.incidents
    .filter(isShownKind)
    .filter((incident) => isListedIncident(incident, page.show_automatic_incidents, monitorsInMaintenance.has(incident.monitor_id)))
    .map((incident) => ({ incident, touches: touchesOf(incident, components) }))
    .filter(({ touches }) => touches.length > 0)
    .sort((a, b) => {
      const open = Number(b.incident.status === 'open') - Number(a.incident.status === 'open');
      return open || b.incident.started_at.localeCompare(a.incident.started_at);
    });

  const titleOf = (incident: SourceIncident & { alert_type: 'down' | 'slow' }, touches: readonly Touch[]): string => {
    const own = touches.find((touch) => touch.component.monitor_id === incident.monitor_id) ?? touches[0]!;
    return publicIncidentTitle(incident.alert_type, own.component.display_name);
  };

  const publicComponents = components.map((component): PublicComponent & { byOwner: boolean } => {
    const ownerImpacts = shown
      .filter(({ incident }) => incident.status === 'open')
      .flatMap(({ touches }) => touches.filter((touch) => touch.byOwner && touch.component.id === component.id).map((touch) => touch.impact));
    const ownerImpact = ownerImpacts.reduce<ImpactLevel | null>(
      (worst, impact) => (worst === null || severityOf(IMPACT_STATE[impact]) > severityOf(IMPACT_STATE[worst]) ? impact : worst),
      null,
    );
    const barIncidents: BarIncident[] = shown.flatMap(({ incident, touches }) =>
      touches
        .filter((touch) => touch.component.id === component.id)
        .map((touch) => ({ id: incident.id, title: titleOf(incident, touches), started_at: incident.started_at, resolved_at: incident.resolved_at, impact: touch.impact })),
    );
    const bars = componentBars(sources.days.get(component.monitor_id) ?? new Map(), barIncidents, now);
    return {
      id: component.id,
      name: component.display_name,
      state: componentState(withWindow(sources.monitors.get(component.monitor_id)!, inWindow.has(component.id)), ownerImpact),
      uptime_90d: bars.uptime_90d,
      days: bars.days,
      byOwner: ownerImpact !== null,
    };
  });

  // Open ones first, then newest: the first N resolved ones are the newest.
  const openCount = shown.filter(({ incident }) => incident.status === 'open').length;
  const listed = shown.slice(0, openCount + PUBLIC_RESOLVED_INCIDENTS_SHOWN);
  const incidents = listed.map(({ incident, touches }): PublicIncident => ({
    id: incident.id,
    title: titleOf(incident, touches),
    status: incident.status,
    components: touches.map((touch) => ({ id: touch.component.id, name: touch.component.display_name, impact: touch.impact })),
    started_at: incident.started_at,
    resolved_at: incident.resolved_at,
    updates: [...(incident.updates ?? [])]
      .reverse()
      .map((update) => ({ status: update.status, message_html: update.message_html, created_at: update.created_at })),
  }));

  return {
    name: page.name,
    slug: page.slug,
    description: page.description,
    logo_url: page.logo_url,
    accent_color: page.accent_color,
    overall: overallState(publicComponents),
    groups: grouped(
      publicComponents.map(({ byOwner: _byOwner, ...component }) => component),
      new Map(components.map((component) => [component.id, component.group])),
    ),
    incidents,
    older_incidents: shown.length - listed.length,
    maintenance: sources.maintenance,
    generated_at: now.toISOString(),
  };
};
