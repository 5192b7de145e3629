import type { ResetPasswordInput } from '@shared/auth/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/auth/reset-password {token, new_password}: the link works once; a dead one is 400 INVALID_TOKEN. */
export const resetPassword = (input: ResetPasswordInput): Promise<{ message: string }> =>
  callApi('resetPassword', { body: input });

/**
 * POST /api/auth/reset-password/check {token}: asked as the reset page opens, so a used or expired
 * link says so before a password is typed; the link is not used up.
 */
export const checkResetLink = (token: string): Promise<{ message: string }> =>
  callApi('checkResetLink', { body: { token } });
