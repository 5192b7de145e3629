import { ApiError } from '@/lib/api-client';
import { ADMIN_TEXT } from '../texts';

const isNetworkFailure = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

/**
 * docs/product-rules.md "Error catalogue" for the admin lists and actions: a network failure reads "Network error"; otherwise the
 * server's detail when it sent one, else the screen's own message.
 */
export const adminErrorMessage = (error: unknown, fallback: string): string => {
  if (isNetworkFailure(error)) return ADMIN_TEXT.networkError;
  return error instanceof ApiError && error.detail ? error.detail : fallback;
};

/**
 * docs/product-rules.md "Error catalogue", admin login: "Invalid admin credentials" (the server's detail when it gives one, such
 * as a validation message), and "Network error. Please try again." when the call could not be made.
 */
export const adminLoginErrorMessage = (error: unknown): string => {
  if (isNetworkFailure(error)) return ADMIN_TEXT.loginNetworkError;
  return error instanceof ApiError && error.detail ? error.detail : ADMIN_TEXT.invalidCredentials;
};

/**
 * The session check's verdict (docs/product-rules.md "Operator sign-in and session"): a 401 (no or bad token) or a 403 (a token without the admin
 * group, e.g. a user's) means the stored admin token is no good: it is removed and the login shown.
 */
export const isSessionRejection = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 401 || error.status === 403) && !needsTwoFactorSetup(error);

/**
 * The operator signed in with the right password but has no two-factor sign-in yet: the token is
 * kept, and the panel asks the set-up first (docs/security.md "Two-factor sign-in").
 */
export const needsTwoFactorSetup = (error: unknown): boolean => error instanceof ApiError && error.code === 'TWO_FACTOR_SETUP_REQUIRED';
