import useSWR from 'swr';
import type { MonitorSlaMonth } from '@shared/sla/views.js';
import { apiPath, callApi } from '@/lib/api-client';

/** GET /api/monitors/{id}/sla: the monitor's month so far against its SLA target (docs/sla-reports.md "The month so far"). */
export const useMonitorSlaMonth = (id: string) =>
  useSWR<MonitorSlaMonth, Error>(apiPath('getMonitorSlaMonth', { id }), () => callApi('getMonitorSlaMonth', { params: { id } }), {
    shouldRetryOnError: false,
  });
