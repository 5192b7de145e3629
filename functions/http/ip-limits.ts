import type { RouteName } from '../../shared/api/routes.js';
import { enforceRateLimit, type RateLimitRule } from '../services/rate-limit.js';
import { clientIpOf } from './client-address.js';
import type { ApiEvent } from './responses.js';

/**
 * Per-client-IP limits of the routes that send mail, create accounts or start work, applied by the
 * area entry before the route runs (docs/security.md, "Abuse limits"). They sit on top of the
 * per-address and per-user limits the services keep, which an attacker rotating addresses would
 * not meet. Sign-in is limited in its service instead, because only failures count there
 * (services/auth/address-limits.ts). A new route that mails, signs up or fans out work adds a row.
 */
export const IP_LIMITS: Partial<Record<RouteName, RateLimitRule>> = {
  register: { scope: 'ip_register', limit: 10, windowSeconds: 60 * 60 },
  resendVerification: { scope: 'ip_resend_verification', limit: 10, windowSeconds: 15 * 60 },
  forgotPassword: { scope: 'ip_forgot_password', limit: 10, windowSeconds: 15 * 60 },
  submitContact: { scope: 'ip_contact', limit: 10, windowSeconds: 60 * 60 },
  forceCheck: { scope: 'ip_force_check', limit: 20, windowSeconds: 10 * 60 },
};

/** 429 when the client IP has used up the route's limit; nothing for routes without one. */
export const enforceIpLimit = async (routeName: string, event: ApiEvent, now: Date = new Date()): Promise<void> => {
  const rule = IP_LIMITS[routeName as RouteName];
  if (!rule) return;
  await enforceRateLimit(rule, clientIpOf(event), now, (wait) => `Too many requests from your network. Please try again in ${wait}.`);
};
