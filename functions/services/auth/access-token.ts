import { isAdminClaim } from '../../../shared/auth/roles.js';

export interface AccessTokenFacts {
  sub: string;
  isAdmin: boolean;
  /** Seconds from issue to expiry. */
  lifetimeSeconds: number | null;
  /** The token's own id (`jti`), by which its session is found. */
  tokenId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * Reads the payload of an access token Cognito has just handed us over TLS. No signature check is
 * needed for a token we received from the issuer ourselves; tokens that callers present are
 * verified by API Gateway's JWT authorizer, never here.
 */
export const readAccessToken = (token: string): AccessTokenFacts => {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Cognito returned an access token that is not a JWT');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new Error('Cognito access token has no sub');
  const lifetime =
    typeof claims.exp === 'number' && typeof claims.iat === 'number' ? Math.max(0, claims.exp - claims.iat) : null;
  if (typeof claims.jti !== 'string' || claims.jti === '') throw new Error('Cognito access token has no jti');
  const expiresAt = typeof claims.exp === 'number' ? claims.exp : Math.floor(Date.now() / 1000) + DEFAULT_ACCESS_TOKEN_SECONDS;
  return { sub: claims.sub, isAdmin: isAdminClaim(claims['cognito:groups']), lifetimeSeconds: lifetime, tokenId: claims.jti, expiresAt };
};

// Cognito's default access-token lifetime, for the unlikely case that neither source says.
const DEFAULT_ACCESS_TOKEN_SECONDS = 3600;

/** `expires_in` for the client: Cognito's ExpiresIn, which cognito-local omits, else the token's own lifetime. */
export const expiresInSeconds = (cognitoExpiresIn: number | undefined, token: AccessTokenFacts): number =>
  cognitoExpiresIn ?? token.lifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_SECONDS;
