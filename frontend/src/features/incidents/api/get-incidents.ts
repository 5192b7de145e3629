import useSWR, { useSWRConfig } from 'swr';
import type { IncidentAlertType } from '@shared/checks/incident-details.js';
import type { IncidentStatus } from '@shared/checks/monitor-state.js';
import { INCIDENTS_PAGE_SIZE, type IncidentList } from '@shared/incidents/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';
import { liveOptions } from '@/lib/live';

export const INCIDENTS_PATH = apiPath('listIncidents');

export interface IncidentsQuery {
  page: number;
  /** Null is "All Status". */
  status: IncidentStatus | null;
  /** Null is "All Types". */
  type: IncidentAlertType | null;
}

/** GET /api/incidents, one page (10 per page, docs/product-rules.md "Pagination"), optionally filtered by status and type. */
export const getIncidents = ({ page, status, type }: IncidentsQuery): Promise<IncidentList> =>
  callApi('listIncidents', {
    query: { page, limit: INCIDENTS_PAGE_SIZE, status_filter: status, alert_type_filter: type },
  });

type IncidentsKey = readonly [typeof INCIDENTS_PATH, number, IncidentStatus | null, IncidentAlertType | null];

/** Every cached page and filter of the list. */
export const isIncidentsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === INCIDENTS_PATH;

export const useIncidents = (query: IncidentsQuery) =>
  useSWR<IncidentList, Error, IncidentsKey>(
    [INCIDENTS_PATH, query.page, query.status, query.type],
    ([, page, status, type]) => getIncidents({ page, status, type }),
    { keepPreviousData: true, ...liveOptions<IncidentList>() },
  );

/**
 * Refresh (docs/product-rules.md "Incidents and their texts"): reloads the list on screen and marks every other cached page and filter stale,
 * so switching filters afterwards fetches again rather than showing what was cached before.
 */
export const useRefreshIncidents = () => {
  const { mutate } = useSWRConfig();
  return () => mutate(isIncidentsKey);
};
