import { isAdminClaim } from '../../shared/auth/roles.js';
import type { AuthContext } from '../services/context.js';
import type { ApiEvent } from './responses.js';

/** The caller from the verified access-token claims, or null when the request carries none. */
export const authContextOf = (event: ApiEvent): AuthContext | null => {
  const claims = event.requestContext?.authorizer?.jwt?.claims as Record<string, unknown> | undefined;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  return { userId: sub, isAdmin: isAdminClaim(claims?.['cognito:groups']) };
};
