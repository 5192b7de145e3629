import type { PublicComponent, PublicMaintenance, PublicStatusPage } from '../../../../shared/status-pages/public-page.js';
import { maintenanceAnchor } from './anchors.js';
import { escapeHtml } from './escape-html.js';
import { formatDateTime } from './format-time.js';
import { PAGE_TEXT } from './texts.js';

/**
 * Maintenance on a status page (docs/status-pages.md "The public page"): windows in progress and
 * upcoming ones, each with its times and the components it covers, named as the page names them.
 * A section without windows is left out.
 */

const time = (iso: string): string => `<time datetime="${escapeHtml(iso)}">${formatDateTime(iso)}</time>`;

const renderWindow = (window: PublicMaintenance, componentNames: ReadonlyMap<string, string>): string => {
  const names = window.component_ids.map((id) => componentNames.get(id)).filter((name): name is string => name !== undefined);
  return (
    `<li class="maintenance" id="${escapeHtml(maintenanceAnchor(window))}"><h3>${escapeHtml(window.title)}</h3>` +
    `<p class="maintenance-when">${time(window.starts_at)} – ${time(window.ends_at)}</p>` +
    (window.description ? `<p>${escapeHtml(window.description)}</p>` : '') +
    (names.length ? `<p class="muted">${PAGE_TEXT.maintenanceAffects}: ${names.map(escapeHtml).join(', ')}</p>` : '') +
    `</li>`
  );
};

const renderSection = (id: string, heading: string, windows: readonly PublicMaintenance[], names: ReadonlyMap<string, string>): string =>
  windows.length
    ? `<section class="maintenance-section" aria-labelledby="${id}"><h2 id="${id}">${heading}</h2><ul class="maintenance-list">${windows
        .map((window) => renderWindow(window, names))
        .join('')}</ul></section>`
    : '';

export const renderMaintenance = (page: Pick<PublicStatusPage, 'maintenance' | 'groups'>): string => {
  const names = new Map<string, string>(
    page.groups.flatMap((group) => group.components).map((component: PublicComponent) => [component.id, component.name]),
  );
  return (
    renderSection('maintenance-active-heading', PAGE_TEXT.activeMaintenanceHeading, page.maintenance.active, names) +
    renderSection('maintenance-upcoming-heading', PAGE_TEXT.upcomingMaintenanceHeading, page.maintenance.upcoming, names)
  );
};
