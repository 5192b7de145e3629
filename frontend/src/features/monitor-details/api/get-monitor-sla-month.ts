import useSWR from 'swr';
import type { MonitorSlaMonth } from '@shared/sla/views.js';
import { apiPath, callApi } from '@/lib/api-client';

/** GET /api/monitors/{id}/sla (not asked when `enabled` is false: a plan without SLA reports): the monitor's month so far against its SLA target (docs/sla-reports.md "The month so far"). */
export const useMonitorSlaMonth = (id: string, enabled = true) =>
  useSWR<MonitorSlaMonth, Error>(enabled ? apiPath('getMonitorSlaMonth', { id }) : null, () => callApi('getMonitorSlaMonth', { params: { id } }), {
    shouldRetryOnError: false,
  });
