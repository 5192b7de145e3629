import type { IncidentAlertType } from '@shared/checks/incident-details.js';
import type { IncidentStatus } from '@shared/checks/monitor-state.js';
import type { IncidentsQuery } from '../api/get-incidents';

export interface FilterOption<T> {
  value: T | null;
  label: string;
}

/** The Incidents filters (docs/product-rules.md "Incidents and their texts"), word for word. */
export const STATUS_FILTERS: readonly FilterOption<IncidentStatus>[] = [
  { value: null, label: 'All Status' },
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/**
 * docs/product-rules.md "Incidents and their texts" lists the type choices as All Types, Down and Recovered, and no more: slow incidents
 * (titled Performance Issue) are listed under All Types only, although the API would filter them
 * with `slow`. "Recovered" is the `up` incident.
 */
export const TYPE_FILTERS: readonly FilterOption<IncidentAlertType>[] = [
  { value: null, label: 'All Types' },
  { value: 'down', label: 'Down' },
  { value: 'up', label: 'Recovered' },
];

const pick = <T>(options: readonly FilterOption<T>[], raw: string | null): T | null =>
  options.find((option) => option.value !== null && option.value === raw)?.value ?? null;

/**
 * The list's state lives in the address (?status=open&type=down&page=2), so a filtered view can be
 * reloaded, shared and left with the back button. Anything unknown reads as "All" / page 1.
 */
export const incidentsQueryFrom = (params: URLSearchParams): IncidentsQuery => {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: pick(STATUS_FILTERS, params.get('status')),
    type: pick(TYPE_FILTERS, params.get('type')),
  };
};

/** The address's query for a state; a filter change goes back to page 1. */
export const incidentsParams = (query: IncidentsQuery): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.type) params.set('type', query.type);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
};
