import type { RegisterInput } from '@shared/auth/schemas.js';
import { api } from '@/lib/api-client';

/** POST /api/auth/register: the account is created unverified and a verification mail goes out. */
export const registerUser = (input: RegisterInput): Promise<unknown> =>
  api.post('/api/auth/register', input, { auth: false });
