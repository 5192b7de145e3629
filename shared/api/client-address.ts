import { parseIpv6 } from '../checks/target-address.js';

/**
 * The header that carries the client's IP to the API. CloudFront's viewer-request function on
 * `/api/*` (infra/stacks/web-stack.ts) and the local gateway set it from the connection itself,
 * overwriting whatever the client sent, so per-IP limits count real clients, not CloudFront's edge
 * addresses (which are what API Gateway sees as the source). It is believed only on a request that
 * also carries `ORIGIN_SECRET_HEADER`: anything else is refused before it is read
 * (docs/security.md "Abuse limits").
 */
export const CLIENT_IP_HEADER = 'x-upwatch-client-ip';

/**
 * The header CloudFront adds to every request it sends to the API (a custom origin header whose
 * value is a secret in Secrets Manager; locally the gateway adds it). The API refuses a request
 * without it, so nobody can call the execute-api endpoint directly and choose their own client IP.
 */
export const ORIGIN_SECRET_HEADER = 'x-upwatch-origin-verify';

const hex = (group: number): string => group.toString(16);

/**
 * The client a per-IP limit counts, from its address (docs/security.md "Abuse limits"): an IPv4
 * address as it is; an IPv6 address by its /64 (`2001:db8:1:2::/64`), since one subscriber is given
 * a whole /64 and could otherwise rotate through 2^64 addresses; an IPv4 address wrapped in IPv6
 * (`::ffff:198.51.100.7`) as the IPv4 address. Anything else (already a /64, or not an address at
 * all) is returned lower-cased, unchanged.
 */
export const clientNetworkOf = (ip: string): string => {
  const address = ip.trim().toLowerCase();
  if (!address.includes(':') || address.includes('/')) return address;
  const groups = parseIpv6(address);
  if (!groups) return address;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${[g0, g1, g2, g3].map(hex).join(':')}::/64`;
};

/**
 * An address as the API keeps it for people to read (audit trail, sessions): IPv4 wrapped in IPv6
 * as the IPv4 address, everything else lower-cased. Limits count `clientNetworkOf` instead.
 */
export const readableClientAddress = (ip: string): string => {
  const network = clientNetworkOf(ip);
  return network.includes(':') ? ip.trim().toLowerCase() : network;
};
