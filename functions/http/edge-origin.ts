import { ORIGIN_SECRET_HEADER } from '../../shared/api/client-address.js';
import { expectedOriginSecret, isOriginSecret } from '../secrets/origin-secret.js';
import type { ApiEvent } from './responses.js';

/**
 * Whether a request came through CloudFront (locally the gateway): it carries the origin secret
 * CloudFront adds (functions/secrets/origin-secret.ts). A request sent straight to the execute-api
 * endpoint does not, and is refused before any of its headers (the client IP above all) is believed
 * (docs/security.md "Abuse limits"). Where no secret is configured, every request passes.
 */
export const cameThroughEdge = async (event: ApiEvent): Promise<boolean> => {
  const secret = await expectedOriginSecret();
  return secret === null || isOriginSecret(event.headers?.[ORIGIN_SECRET_HEADER], secret);
};
