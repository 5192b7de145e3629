import { callApi } from '@/lib/api-client';

// A verification token is single use: a second POST (React StrictMode runs effects twice in
// development, a re-render may re-run one) must reuse the first answer rather than fail.
const attempts = new Map<string, Promise<VerifyEmailAnswer>>();

export interface VerifyEmailAnswer {
  message: string;
  /** The link had worked before: the address is verified, and the page offers login. */
  already_verified?: boolean;
}

/** POST /api/auth/verify-email?token=... (no body). */
export const verifyEmail = (token: string): Promise<VerifyEmailAnswer> => {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = callApi('verifyEmail', { query: { token } });
    attempts.set(token, attempt);
  }
  return attempt;
};
