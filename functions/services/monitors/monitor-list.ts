import type { ListMonitorsQuery, Monitor, MonitorList } from '../../../shared/monitors/schemas.js';

/**
 * The list page logic, kept pure: the repository hands over all of a user's monitors (at most 500),
 * and filtering, ordering and paging happen here.
 */

/**
 * `online` = active and up; `offline` = active and down. Paused monitors and pending ones (active,
 * not yet checked, `is_up` null) match neither filter: the displayed states (docs/product-rules.md "Monitors and their states") are Paused,
 * Online, Offline, and its Online/Offline pages list only those states. They show under "All".
 */
export const matchesStatusFilter = (monitor: Monitor, filter: ListMonitorsQuery['status_filter']): boolean => {
  if (filter === undefined) return true;
  if (monitor.status !== 'active' || monitor.is_up === null) return false;
  return filter === 'online' ? monitor.is_up : !monitor.is_up;
};

/** Case-insensitive substring match over name or URL; an empty search matches everything. */
export const matchesSearch = (monitor: Monitor, search: string | undefined): boolean => {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return monitor.name.toLowerCase().includes(needle) || monitor.url.toLowerCase().includes(needle);
};

/** Newest first; ids are ULIDs, so they break ties in creation order too. */
const newestFirst = (a: Monitor, b: Monitor): number =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/**
 * One page of the filtered list. `pages` is ceil(total / limit), so 0 when nothing matches (the
 * pager hides itself at one page or fewer); a page past the end is empty and echoes its number.
 */
export const selectMonitorPage = (monitors: readonly Monitor[], query: ListMonitorsQuery): MonitorList => {
  const matching = monitors
    .filter((monitor) => matchesStatusFilter(monitor, query.status_filter) && matchesSearch(monitor, query.search))
    .sort(newestFirst);
  const start = (query.page - 1) * query.limit;
  return {
    monitors: matching.slice(start, start + query.limit),
    total: matching.length,
    pages: Math.ceil(matching.length / query.limit),
    page: query.page,
  };
};
