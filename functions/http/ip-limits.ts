import { createHash } from 'node:crypto';
import type { RouteName } from '../../shared/api/routes.js';
import { enforceRateLimit } from '../services/rate-limit.js';
import { clientNetworkOf } from '../../shared/api/client-address.js';
import { clientIpOf } from './client-address.js';
import { IP_LIMITS, TOKEN_LIMITS } from './ip-limit-rules.js';
import type { ApiEvent } from './responses.js';

export { IP_LIMITS };

/**
 * 429 when the secret in the path (a heartbeat's push URL) has used up its own limit
 * (`TOKEN_LIMITS`), checked before the per-IP ceiling so a runaway job stops counting against its
 * neighbours' address. Counted by the secret's SHA-256, so the counter item holds no usable token.
 */
const enforceTokenLimit = async (routeName: string, event: ApiEvent, now: Date): Promise<void> => {
  const rule = TOKEN_LIMITS[routeName as RouteName];
  const token = event.pathParameters?.token;
  if (!rule || !token) return;
  const subject = createHash('sha256').update(token).digest('base64url');
  await enforceRateLimit(rule, subject, now, (wait) => `Too many pings to this URL. Please try again in ${wait}.`);
};

/** What an area entry that serves IP-limited routes passes to `areaHandler`. */
export type IpLimiter = (routeName: string, event: ApiEvent, now?: Date) => Promise<void>;

/**
 * 429 when the client has used up the route's limit (ip-limit-rules.ts); nothing for routes without
 * one. An IPv6 client counts by its /64 (`clientNetworkOf`).
 */
export const enforceIpLimit: IpLimiter = async (routeName, event, now = new Date()) => {
  await enforceTokenLimit(routeName, event, now);
  const rule = IP_LIMITS[routeName as RouteName];
  if (!rule) return;
  await enforceRateLimit(rule, clientNetworkOf(clientIpOf(event)), now, (wait) => `Too many requests from your network. Please try again in ${wait}.`);
};
