import type { AdminLoginInput, AdminLoginResponse } from '@shared/admin/schemas.js';
import { callApi } from '@/lib/api-client';

export type { AdminLoginInput };

/** POST /api/admin/login (docs/product-rules.md "Operator sign-in and session"): an access token, for members of the admin group only. */
export const adminLogin = (input: AdminLoginInput): Promise<AdminLoginResponse> => callApi('adminLogin', { body: input });
