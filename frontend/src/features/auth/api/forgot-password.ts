import type { ForgotPasswordInput } from '@shared/auth/schemas.js';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/auth/forgot-password: mails a reset link (1 hour) when the address has an account. The
 * answer is the same either way, so its `message` is what the visitor is told.
 */
export const requestPasswordReset = (input: ForgotPasswordInput): Promise<{ message: string }> =>
  callApi('forgotPassword', { body: input });
