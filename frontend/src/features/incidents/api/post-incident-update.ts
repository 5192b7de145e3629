import type { Incident } from '@shared/incidents/schemas.js';
import type { IncidentUpdateInput } from '@shared/incidents/updates.js';
import { callApi } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';

/** POST /api/incidents/{id}/updates (docs/status-pages.md "Incident updates"): answers the incident with the update appended. */
export const postIncidentUpdate = (id: string, input: IncidentUpdateInput): Promise<Incident> =>
  callApi('postIncidentUpdate', { params: { id }, body: input });

/** Posts an update, then revalidates every live screen (the incident, the list, the monitor page). */
export const usePostIncidentUpdate = () => {
  const revalidate = useRevalidateLiveData();
  return async (id: string, input: IncidentUpdateInput): Promise<Incident> => {
    const incident = await postIncidentUpdate(id, input);
    await revalidate();
    return incident;
  };
};
