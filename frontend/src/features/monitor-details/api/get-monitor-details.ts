import useSWR from 'swr';
import type { MonitorDetails } from '@shared/insights/monitor-details.js';
import { displayState } from '@shared/monitors/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';
import { liveOptions } from '@/lib/live';

export const monitorDetailsPath = (id: string): string => apiPath('getMonitorDetails', { id });

/** GET /api/monitors/{id} (beyond the first call list: the monitor detail view, shared/insights/monitor-details.ts). */
export const getMonitorDetails = (id: string): Promise<MonitorDetails> => callApi('getMonitorDetails', { params: { id } });

export const useMonitorDetails = (id: string) =>
  useSWR<MonitorDetails, Error, string>(
    monitorDetailsPath(id),
    () => getMonitorDetails(id),
    liveOptions<MonitorDetails>((details) => displayState(details.monitor) === 'pending'),
  );
