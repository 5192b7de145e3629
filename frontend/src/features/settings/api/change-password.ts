import type { ChangePasswordInput } from '../../../../../shared/auth/schemas.js';
import { api } from '../../../lib/api-client';

/** POST /api/auth/change-password; a wrong current password is a 400 with the server's detail. */
export const changePassword = (input: ChangePasswordInput): Promise<{ message: string }> =>
  api.post<{ message: string }>('/api/auth/change-password', input);
