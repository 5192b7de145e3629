import type { TestDeliveryResult } from '@shared/alerts/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/channels/{id}/test: one sample alert sent now; the answer says how the provider took it. */
export const testChannel = (id: string): Promise<TestDeliveryResult> => callApi('testChannel', { params: { id } });
