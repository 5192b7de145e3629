import useSWR from 'swr';
import type { Incident } from '@shared/incidents/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';
import { liveOptions } from '@/lib/live';

export const incidentPath = (id: string): string => apiPath('getIncident', { id });

/** GET /api/incidents/{id} (beyond the first call list: where an alert e-mail's "View incident" leads). */
export const getIncident = (id: string): Promise<Incident> => callApi('getIncident', { params: { id } });

/** One incident, kept live (an open one may resolve while it is on screen). */
export const useIncident = (id: string) => useSWR<Incident, Error, string>(incidentPath(id), () => getIncident(id), liveOptions<Incident>());
