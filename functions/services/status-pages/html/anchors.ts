import type { PublicMaintenance } from '../../../../shared/status-pages/public-page.js';

/**
 * The `id`s the HTML page gives its incidents and maintenance runs, so a feed entry links straight
 * to its part of the page (docs/status-pages.md "Feeds"). One place, so the page and the feeds agree.
 */

/** `incident-<id>`: one incident of the history. */
export const incidentAnchor = (incidentId: string): string => `incident-${incidentId}`;

/**
 * `maintenance-<window id>-<start in ms>`: one run of a window. A recurring window can show twice
 * (the run going on now and its next one), so its start tells the two apart.
 */
export const maintenanceAnchor = (run: Pick<PublicMaintenance, 'id' | 'starts_at'>): string =>
  `maintenance-${run.id}-${Date.parse(run.starts_at)}`;
