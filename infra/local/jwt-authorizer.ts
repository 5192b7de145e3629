import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/**
 * What API Gateway's JWT authorizer does, for the local gateway: verify the Cognito access token's
 * signature (JWKS of the pool), issuer, expiry and client id, then hand the claims to the handler
 * as strings, the way API Gateway does (arrays become "[a b]").
 */

// aws-jwt-verify's default fetcher speaks https only; cognito-local serves its JWKS over http.
const fetchFetcher: Fetcher = {
  async fetch(uri) {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`JWKS fetch ${uri} failed: ${response.status}`);
    return response.arrayBuffer();
  },
};

export type Claims = Record<string, string>;

export const claimsAsApiGatewayPassesThem = (payload: JwtPayload): Claims =>
  Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );

export const createJwtAuthorizer = (opts: { issuer: string; clientId: string }) => {
  const verifier = JwtRsaVerifier.create(
    { issuer: opts.issuer, audience: null, jwksUri: `${opts.issuer}/.well-known/jwks.json` },
    { jwksCache: new SimpleJwksCache({ fetcher: fetchFetcher }) },
  );
  /** The claims of a valid access token for our client, or null for anything else. */
  return async (authorizationHeader: string | undefined): Promise<Claims | null> => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorizationHeader ?? '')?.[1];
    if (!token) return null;
    try {
      const payload = await verifier.verify(token);
      // Access tokens carry the app client in `client_id` (ID tokens use `aud`); API Gateway accepts either.
      const client = payload.client_id ?? payload.aud;
      const clients = Array.isArray(client) ? client : [client];
      if (!clients.includes(opts.clientId)) return null;
      // Only access tokens; the handler chain checks `token_use` again, as it must on AWS.
      if (payload.token_use !== 'access') return null;
      return claimsAsApiGatewayPassesThem(payload);
    } catch {
      return null;
    }
  };
};
