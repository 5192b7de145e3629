import { CLIENT_IP_HEADER, readableClientAddress } from '../../shared/api/client-address.js';
import type { ApiEvent } from './responses.js';

const PLAUSIBLE_IP = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * The client IP: the header CloudFront (or the local gateway) sets from the connection, else the
 * address API Gateway saw. The header is believed because a request without CloudFront's origin
 * secret never gets this far (area-handler.ts, edge-origin.ts). Anything that is not an IP address
 * reads as the source address, so a key can never be chosen freely; IPv4 wrapped in IPv6 reads as
 * IPv4. Per-IP limits count `clientNetworkOf` of it (an IPv6 client by its /64).
 */
export const clientIpOf = (event: ApiEvent): string => {
  const forwarded = event.headers?.[CLIENT_IP_HEADER]?.trim();
  if (forwarded && PLAUSIBLE_IP.test(forwarded)) return readableClientAddress(forwarded);
  return readableClientAddress(event.requestContext?.http?.sourceIp ?? 'unknown');
};
