import type { AcknowledgementView } from '@shared/alerts/acknowledge.js';
import { callApi } from '@/lib/api-client';

/** GET /api/public/acknowledge?token=: the incident an alert's link names, without signing in; it changes nothing. */
export const getAcknowledgement = (token: string, signal?: AbortSignal): Promise<AcknowledgementView> =>
  callApi('getAcknowledgement', { query: { token }, ...(signal ? { signal } : {}) });
