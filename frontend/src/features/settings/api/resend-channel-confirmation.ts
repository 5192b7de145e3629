import type { MessageResponse } from '@shared/api/contract.js';
import { callApi } from '@/lib/api-client';

/** POST /api/channels/{id}/resend-confirmation: a new confirmation link to an e-mail channel's address that has not confirmed yet. */
export const resendChannelConfirmation = (id: string): Promise<MessageResponse> => callApi('resendChannelConfirmation', { params: { id } });
