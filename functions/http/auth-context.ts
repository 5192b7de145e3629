import { isAdminClaim } from '../../shared/auth/roles.js';
import type { AuthContext } from '../services/context.js';
import type { ApiEvent } from './responses.js';

/**
 * The caller from the verified token's claims, or null when the request carries none or carries an
 * ID token: API Gateway's JWT authorizer accepts a Cognito ID token of our client too (its `aud` is
 * the client id), so `token_use` must say `access` (docs/security.md).
 */
export const authContextOf = (event: ApiEvent): AuthContext | null => {
  const claims = event.requestContext?.authorizer?.jwt?.claims as Record<string, unknown> | undefined;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  if (claims?.token_use !== 'access') return null;
  const jti = claims?.jti;
  return { userId: sub, isAdmin: isAdminClaim(claims?.['cognito:groups']), ...(typeof jti === 'string' && jti !== '' ? { tokenId: jti } : {}) };
};
