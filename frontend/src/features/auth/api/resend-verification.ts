import type { ResendVerificationInput } from '@shared/auth/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/auth/resend-verification {email}: the same answer whether or not a link went out. */
export const resendVerification = (input: ResendVerificationInput): Promise<{ message: string }> =>
  callApi('resendVerification', { body: input });
