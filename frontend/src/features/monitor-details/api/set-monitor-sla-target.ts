import type { SlaTargetsView } from '@shared/sla/views.js';
import { callApi } from '@/lib/api-client';

/** PUT /api/monitors/{id}/sla-target: the monitor's own target, or null for the workspace's (docs/sla-reports.md "Targets"). */
export const setMonitorSlaTarget = (id: string, targetPercent: number | null): Promise<SlaTargetsView> =>
  callApi('setMonitorSlaTarget', { params: { id }, body: { target_percent: targetPercent } });
