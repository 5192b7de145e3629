import type { ResetPasswordInput } from '@shared/auth/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/auth/reset-password {token, new_password}: the link works once; a dead one is 400 INVALID_TOKEN. */
export const resetPassword = (input: ResetPasswordInput): Promise<{ message: string }> =>
  callApi('resetPassword', { body: input });
