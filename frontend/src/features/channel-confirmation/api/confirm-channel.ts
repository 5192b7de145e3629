import type { ChannelConfirmationResult } from '@shared/alerts/confirm-channel.js';
import { callApi } from '@/lib/api-client';

/** POST /api/public/confirm-channel {token}: the address says yes to an account's alerts; the answer says what happened. */
export const confirmChannel = (token: string): Promise<ChannelConfirmationResult> => callApi('confirmChannel', { body: { token } });
