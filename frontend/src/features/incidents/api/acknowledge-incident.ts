import type { Incident } from '@shared/incidents/schemas.js';
import { callApi } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';

/** POST /api/incidents/{id}/acknowledge: someone is on it (docs/alerts.md "Acknowledgement"); answers the incident as it is now. */
export const acknowledgeIncident = (id: string): Promise<Incident> => callApi('acknowledgeIncident', { params: { id } });

/** Acknowledges an incident, then revalidates every live screen (the list, the incident, the monitor page). */
export const useAcknowledgeIncident = () => {
  const revalidate = useRevalidateLiveData();
  return async (id: string): Promise<Incident> => {
    const incident = await acknowledgeIncident(id);
    await revalidate();
    return incident;
  };
};
