import useSWR from 'swr';
import type { Incident } from '@shared/incidents/schemas.js';
import { api } from '@/lib/api-client';
import { liveOptions } from '@/lib/live';
import { INCIDENTS_PATH } from './get-incidents';

export const incidentPath = (id: string): string => `${INCIDENTS_PATH}/${encodeURIComponent(id)}`;

/** GET /api/incidents/{id} (beyond the spec: where an alert e-mail's "View incident" leads). */
export const getIncident = (id: string): Promise<Incident> => api.get<Incident>(incidentPath(id));

/** One incident, kept live (an open one may resolve while it is on screen). */
export const useIncident = (id: string) => useSWR<Incident, Error, string>(incidentPath(id), () => getIncident(id), liveOptions<Incident>());
