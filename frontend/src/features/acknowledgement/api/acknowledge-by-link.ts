import type { AcknowledgementView } from '@shared/alerts/acknowledge.js';
import { callApi } from '@/lib/api-client';

/** POST /api/public/acknowledge: acknowledges the incident the link names, on the user's click only. */
export const acknowledgeByLink = (token: string): Promise<AcknowledgementView> => callApi('acknowledgeByLink', { body: { token } });
