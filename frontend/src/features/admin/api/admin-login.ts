import type { AdminLoginInput, AdminLoginResponse } from '@shared/admin/schemas.js';
import { api } from '@/lib/api-client';
import { ADMIN_PATHS } from './admin-client';

export type { AdminLoginInput };

/** POST /api/admin/login (spec §7): an access token, for members of the admin group only. */
export const adminLogin = (input: AdminLoginInput): Promise<AdminLoginResponse> =>
  api.post<AdminLoginResponse>(ADMIN_PATHS.login, input, { auth: false });
