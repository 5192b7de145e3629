import { CLIENT_IP_HEADER } from '../../shared/api/client-address.js';
import type { ApiEvent } from './responses.js';

const PLAUSIBLE_IP = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * The client IP the per-IP limits count: the header CloudFront (or the local gateway) sets from the
 * connection, else the address API Gateway saw. Anything that is not an IP address reads as the
 * source address, so a key can never be chosen freely.
 */
export const clientIpOf = (event: ApiEvent): string => {
  const forwarded = event.headers?.[CLIENT_IP_HEADER]?.trim();
  if (forwarded && PLAUSIBLE_IP.test(forwarded)) return forwarded.toLowerCase();
  return event.requestContext?.http?.sourceIp ?? 'unknown';
};
