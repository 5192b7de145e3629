import { INCIDENT_UPDATE_STATUS_TEXT } from '../../../../shared/incidents/updates.js';
import type { PublicIncident, PublicIncidentUpdate } from '../../../../shared/status-pages/public-page.js';
import { incidentAnchor } from './anchors.js';
import { escapeHtml } from './escape-html.js';
import { formatDateTime } from './format-time.js';
import { IMPACT_TEXT, PAGE_TEXT } from './texts.js';

/**
 * The incident history of a status page (docs/status-pages.md "The public page"): the last 90 days,
 * in the order the page data gives (open first, then newest), each with its components and the
 * owner's updates, newest first. An update's `message_html` was rendered from the safe Markdown
 * subset and sanitized when it was posted (docs/status-pages.md "Incident updates"), so it goes in
 * as it is; every other text is escaped.
 */

const time = (iso: string): string => `<time datetime="${escapeHtml(iso)}">${formatDateTime(iso)}</time>`;

const renderUpdate = (update: PublicIncidentUpdate): string =>
  `<li class="update"><p class="update-head"><strong>${INCIDENT_UPDATE_STATUS_TEXT[update.status]}</strong> · ${time(update.created_at)}</p>` +
  `<div class="update-body">${update.message_html}</div></li>`;

const renderIncident = (incident: PublicIncident): string => {
  const open = incident.status === 'open';
  const components = incident.components.length
    ? `<p class="incident-components">${incident.components
        .map((component) => `${escapeHtml(component.name)} (${IMPACT_TEXT[component.impact]})`)
        .join(', ')}</p>`
    : '';
  const when =
    `<p class="incident-when">${PAGE_TEXT.incidentStarted} ${time(incident.started_at)}` +
    (incident.resolved_at ? ` · ${PAGE_TEXT.incidentResolvedAt} ${time(incident.resolved_at)}` : '') +
    `</p>`;
  const updates = incident.updates.length
    ? `<ol class="updates">${incident.updates.map(renderUpdate).join('')}</ol>`
    : `<p class="muted">${PAGE_TEXT.incidentNoUpdates}</p>`;
  return (
    `<li class="incident${open ? ' incident-open' : ''}" id="${escapeHtml(incidentAnchor(incident.id))}"><article>` +
    `<h3 class="incident-title">${escapeHtml(incident.title)} <span class="tag ${open ? 'tag-open' : 'tag-resolved'}">${open ? PAGE_TEXT.incidentOpen : PAGE_TEXT.incidentResolved}</span></h3>` +
    components +
    when +
    updates +
    `</article></li>`
  );
};

/** The list, and a line saying how many older resolved ones it leaves out (the page lists the newest; docs/status-pages.md "The public page"). */
export const renderIncidents = (incidents: readonly PublicIncident[], older: number): string =>
  `<section class="incidents" aria-labelledby="incidents-heading"><h2 id="incidents-heading">${PAGE_TEXT.incidentsHeading}</h2>` +
  (incidents.length ? `<ol class="incident-list">${incidents.map(renderIncident).join('')}</ol>` : `<p class="empty">${PAGE_TEXT.noIncidents}</p>`) +
  (older > 0 ? `<p class="muted older-incidents">${PAGE_TEXT.olderIncidents(older)}</p>` : '') +
  `</section>`;
