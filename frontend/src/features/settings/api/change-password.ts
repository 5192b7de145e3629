import type { ChangePasswordInput } from '@shared/auth/schemas.js';
import { callApi } from '@/lib/api-client';
import { storeSession } from '@/lib/auth';

/**
 * POST /api/auth/change-password; a wrong current password is a 400 with the server's detail. The
 * server signs every other session out and answers with a new session for this device, kept here.
 */
export const changePassword = async (input: ChangePasswordInput): Promise<{ message: string }> => {
  const result = await callApi('changePassword', { body: input });
  storeSession({ access_token: result.access_token, refresh_token: result.refresh_token });
  return { message: result.message };
};
