import type { RouteName } from '../../shared/api/routes.js';
import { enforceRateLimit } from '../services/rate-limit.js';
import { clientNetworkOf } from '../../shared/api/client-address.js';
import { clientIpOf } from './client-address.js';
import { IP_LIMITS } from './ip-limit-rules.js';
import type { ApiEvent } from './responses.js';

export { IP_LIMITS };

/** What an area entry that serves IP-limited routes passes to `areaHandler`. */
export type IpLimiter = (routeName: string, event: ApiEvent, now?: Date) => Promise<void>;

/**
 * 429 when the client has used up the route's limit (ip-limit-rules.ts); nothing for routes without
 * one. An IPv6 client counts by its /64 (`clientNetworkOf`).
 */
export const enforceIpLimit: IpLimiter = async (routeName, event, now = new Date()) => {
  const rule = IP_LIMITS[routeName as RouteName];
  if (!rule) return;
  await enforceRateLimit(rule, clientNetworkOf(clientIpOf(event)), now, (wait) => `Too many requests from your network. Please try again in ${wait}.`);
};
