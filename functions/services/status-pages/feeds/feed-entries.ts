import { INCIDENT_UPDATE_STATUS_TEXT } from '../../../../shared/incidents/updates.js';
import type { PublicComponent, PublicIncident, PublicMaintenance, PublicStatusPage } from '../../../../shared/status-pages/public-page.js';
import { incidentAnchor, maintenanceAnchor } from '../html/anchors.js';
import { escapeHtml } from '../html/escape-html.js';
import { formatDateTime } from '../html/format-time.js';
import { IMPACT_TEXT, PAGE_TEXT } from '../html/texts.js';

/**
 * What a status page's feeds list (docs/status-pages.md "Feeds"), the same for Atom, RSS and JSON
 * Feed: one entry per incident of the 90 days and one per maintenance run shown (in progress and
 * upcoming), newest first. Titles are plain text here; each format escapes them as it needs.
 * Content is HTML: every owner-typed text escaped, an update's `message_html` (sanitized when it
 * was posted) as it is.
 */

export interface FeedEntry {
  /** The page's address with the entry's anchor: the entry's link and its permanent id. */
  url: string;
  /** Plain text. */
  title: string;
  contentHtml: string;
  /** When the entry last changed: an incident's newest update or resolution, a run's start. */
  updated: Date;
  /** When it began: an incident's start, a run's start. */
  published: Date;
}

const newest = (times: readonly string[]): Date => new Date(Math.max(...times.map((time) => Date.parse(time))));

const paragraph = (html: string): string => `<p>${html}</p>`;

const incidentContent = (incident: PublicIncident): string => {
  const state = incident.status === 'open' ? PAGE_TEXT.incidentOpen : PAGE_TEXT.incidentResolved;
  const when =
    `${PAGE_TEXT.incidentStarted} ${formatDateTime(incident.started_at)}` +
    (incident.resolved_at ? ` · ${PAGE_TEXT.incidentResolvedAt} ${formatDateTime(incident.resolved_at)}` : '');
  const components = incident.components.length
    ? paragraph(
        `${PAGE_TEXT.maintenanceAffects}: ${incident.components
          .map((component) => `${escapeHtml(component.name)} (${IMPACT_TEXT[component.impact]})`)
          .join(', ')}`,
      )
    : '';
  const updates = incident.updates.length
    ? incident.updates
        .map((update) => paragraph(`<strong>${INCIDENT_UPDATE_STATUS_TEXT[update.status]}</strong> · ${formatDateTime(update.created_at)}`) + update.message_html)
        .join('')
    : paragraph(PAGE_TEXT.incidentNoUpdates);
  return paragraph(`<strong>${state}</strong> · ${when}`) + components + updates;
};

const maintenanceContent = (run: PublicMaintenance, names: ReadonlyMap<string, string>): string => {
  const covered = run.component_ids.map((id) => names.get(id)).filter((name): name is string => name !== undefined);
  return (
    paragraph(`${formatDateTime(run.starts_at)} – ${formatDateTime(run.ends_at)}`) +
    (run.description ? paragraph(escapeHtml(run.description)) : '') +
    (covered.length ? paragraph(`${PAGE_TEXT.maintenanceAffects}: ${covered.map(escapeHtml).join(', ')}`) : '')
  );
};

/** The entries of `page`, whose public address is `pageUrl`, newest first. */
export const feedEntries = (page: PublicStatusPage, pageUrl: string): FeedEntry[] => {
  const names = new Map<string, string>(page.groups.flatMap((group) => group.components).map((component: PublicComponent) => [component.id, component.name]));
  const incidents = page.incidents.map(
    (incident): FeedEntry => ({
      url: `${pageUrl}#${incidentAnchor(incident.id)}`,
      title: incident.title,
      contentHtml: incidentContent(incident),
      updated: newest([incident.started_at, ...(incident.resolved_at ? [incident.resolved_at] : []), ...incident.updates.map((update) => update.created_at)]),
      published: new Date(incident.started_at),
    }),
  );
  const runs = (heading: string, list: readonly PublicMaintenance[]) =>
    list.map(
      (run): FeedEntry => ({
        url: `${pageUrl}#${maintenanceAnchor(run)}`,
        title: `${heading}: ${run.title}`,
        contentHtml: maintenanceContent(run, names),
        updated: new Date(run.starts_at),
        published: new Date(run.starts_at),
      }),
    );
  return [
    ...runs(PAGE_TEXT.activeMaintenanceHeading, page.maintenance.active),
    ...runs(PAGE_TEXT.upcomingMaintenanceHeading, page.maintenance.upcoming),
    ...incidents,
  ].sort((a, b) => b.updated.getTime() - a.updated.getTime());
};
