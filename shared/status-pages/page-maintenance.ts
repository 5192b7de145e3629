import type { PublicMaintenance, PublicStatusPage } from './public-page.js';
import type { StatusPageComponent } from './schemas.js';

/**
 * The maintenance a status page shows (docs/status-pages.md "Maintenance on the page"): the windows
 * of the owner's that cover a component of the page, now and next. Written against the fields of
 * a maintenance window (its id, title, description, monitors and page), so the loader passes the owner's windows
 * and the recurrence engine's `occurrencesBetween` as they are.
 */

/** What the page reads of a maintenance window. */
export interface PageWindow {
  id: string;
  title: string;
  description: string | null;
  monitor_ids: readonly string[];
  /** A window set on "a whole page" covers every component of that page. */
  status_page_id: string | null;
}

/** One run of a window, both instants ISO UTC. */
export interface WindowOccurrence {
  window_id: string;
  starts_at: string;
  ends_at: string;
}

/** How far ahead "upcoming" looks. */
export const UPCOMING_MAINTENANCE_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * The windows that cover a component of the page: `active`, the run going on now (ending soonest
 * first); `upcoming`, each window's next run within 30 days (soonest first). A window repeating
 * daily shows once, with its next run.
 */
export const pageMaintenance = <W extends PageWindow>(opts: {
  pageId: string;
  components: readonly StatusPageComponent[];
  windows: readonly W[];
  occurrencesBetween: (window: W, from: Date, to: Date) => readonly WindowOccurrence[];
  now: Date;
}): PublicStatusPage['maintenance'] => {
  const active: PublicMaintenance[] = [];
  const upcoming: PublicMaintenance[] = [];
  const until = new Date(opts.now.getTime() + UPCOMING_MAINTENANCE_DAYS * DAY_MS);
  for (const window of opts.windows) {
    const covered = opts.components.filter((component) => window.status_page_id === opts.pageId || window.monitor_ids.includes(component.monitor_id));
    if (!covered.length) continue;
    const shown = (occurrence: WindowOccurrence): PublicMaintenance => ({
      id: window.id,
      title: window.title,
      description: window.description,
      starts_at: occurrence.starts_at,
      ends_at: occurrence.ends_at,
      component_ids: covered.map((component) => component.id),
    });
    const runs = opts.occurrencesBetween(window, opts.now, until);
    const now = opts.now.getTime();
    const current = runs.find((run) => Date.parse(run.starts_at) <= now && now < Date.parse(run.ends_at));
    if (current) active.push(shown(current));
    const next = runs.find((run) => Date.parse(run.starts_at) > now);
    if (next) upcoming.push(shown(next));
  }
  active.sort((a, b) => a.ends_at.localeCompare(b.ends_at));
  upcoming.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  return { active, upcoming };
};
