import type { RegisterInput } from '@shared/auth/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/auth/register: the account is created unverified and a verification mail goes out. */
export const registerUser = (input: RegisterInput): Promise<unknown> =>
  callApi('register', { body: input });
