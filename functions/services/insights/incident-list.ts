import type { Incident, IncidentList, ListIncidentsQuery } from '../../../shared/incidents/schemas.js';

/**
 * The incident list page logic, kept pure: the repository hands over a user's incidents, and
 * filtering, ordering and paging happen here (as for monitors, monitor-list.ts).
 */

/** Both filters must match; a missing filter matches everything. */
export const matchesIncidentFilters = (
  incident: Pick<Incident, 'status' | 'alert_type'>,
  query: Pick<ListIncidentsQuery, 'status_filter' | 'alert_type_filter'>,
): boolean =>
  (query.status_filter === undefined || incident.status === query.status_filter) &&
  (query.alert_type_filter === undefined || incident.alert_type === query.alert_type_filter);

/**
 * Newest first by when the incident was recorded: its id is a ULID of the round that recorded it.
 * (A slow incident's `started_at` is the start of its slow streak, a few rounds earlier: it is
 * listed when it was opened, as the dashboard's recent incidents are.)
 */
export const newestIncidentFirst = (a: Pick<Incident, 'id'>, b: Pick<Incident, 'id'>): number => b.id.localeCompare(a.id);

/**
 * One page of the filtered list. `pages` is ceil(total / limit), so 0 when nothing matches (the
 * pager hides itself at one page or fewer); a page past the end is empty and echoes its number.
 */
export const selectIncidentPage = (incidents: readonly Incident[], query: ListIncidentsQuery): IncidentList => {
  const matching = incidents.filter((incident) => matchesIncidentFilters(incident, query)).sort(newestIncidentFirst);
  const start = (query.page - 1) * query.limit;
  return {
    incidents: matching.slice(start, start + query.limit),
    total: matching.length,
    pages: Math.ceil(matching.length / query.limit),
    page: query.page,
  };
};
