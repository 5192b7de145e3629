import type { AdminMonitorHoldInput } from '@shared/admin/schemas.js';
import { callApi } from '@/lib/api-client';
import type { AdminMonitor } from '../types';

/** POST /api/admin/monitors/{id}/hold: pause or disable an abusive monitor for a reason, or enable it again (docs/admin.md "Monitor holds"). */
export const holdMonitor = (id: string, input: AdminMonitorHoldInput): Promise<{ monitor: AdminMonitor; message: string }> =>
  callApi('adminHoldMonitor', { params: { id }, body: input });
