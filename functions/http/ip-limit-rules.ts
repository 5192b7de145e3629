import type { RouteName } from '../../shared/api/routes.js';
import type { RateLimitRule } from '../services/rate-limit-rule.js';

/**
 * Per-client-IP limits of the routes that send mail, create accounts or start work, applied by the
 * area entry before the route runs (docs/security.md, "Abuse limits"). They sit on top of the
 * per-address and per-user limits the services keep, which an attacker rotating addresses would
 * not meet. Sign-in is limited in its service instead, because only failures count there
 * (services/auth/address-limits.ts). A new route that mails, signs up or fans out work adds a row;
 * its area entry then must pass `enforceIpLimit` (ip-limits.ts) or it fails when it loads.
 */
/** The four push routes of a heartbeat monitor (GET or POST, ping or `/fail`). */
const HEARTBEAT_ROUTES = ['heartbeatPing', 'heartbeatPingGet', 'heartbeatFail', 'heartbeatFailGet'] as const satisfies readonly RouteName[];

export const IP_LIMITS: Partial<Record<RouteName, RateLimitRule>> = {
  register: { scope: 'ip_register', limit: 10, windowSeconds: 60 * 60 },
  resendVerification: { scope: 'ip_resend_verification', limit: 10, windowSeconds: 15 * 60 },
  forgotPassword: { scope: 'ip_forgot_password', limit: 10, windowSeconds: 15 * 60 },
  // Opening a reset link checks it: plenty for a person, a wall for a token guesser.
  checkResetLink: { scope: 'ip_check_reset_link', limit: 30, windowSeconds: 15 * 60 },
  submitContact: { scope: 'ip_contact', limit: 10, windowSeconds: 60 * 60 },
  forceCheck: { scope: 'ip_force_check', limit: 20, windowSeconds: 10 * 60 },
  // The same check-now through the public API (an API key) shares the person's counter.
  v1ForceCheck: { scope: 'ip_force_check', limit: 20, windowSeconds: 10 * 60 },
  // An acknowledgement link tells every channel: generous for a team, a wall for a token guesser.
  getAcknowledgement: { scope: 'ip_acknowledge', limit: 60, windowSeconds: 10 * 60 },
  acknowledgeByLink: { scope: 'ip_acknowledge', limit: 60, windowSeconds: 10 * 60 },
  // A confirmation link turns on alerts to an address: a guesser gets a few tries, a person plenty.
  confirmChannel: { scope: 'ip_confirm_channel', limit: 20, windowSeconds: 15 * 60 },
  // Opening an invitation link shows whose workspace it is (docs/teams.md "Members and invitations"): plenty for a person.
  checkInvitation: { scope: 'ip_check_invitation', limit: 30, windowSeconds: 15 * 60 },
  // A private status page's gate (docs/status-pages.md "Private pages"): password guesses and mailed
  // links; a team behind one address signs in many times, a guesser gets 30 tries per 15 minutes.
  requestStatusPageAccess: { scope: 'ip_status_page_access', limit: 30, windowSeconds: 15 * 60 },
  openStatusPageAccessLink: { scope: 'ip_status_page_access_link', limit: 60, windowSeconds: 15 * 60 },
  // Subscribing to a status page mails the address typed (docs/status-pages.md "Subscribers"): the JSON route and the page's
  // form share one counter; a confirmation link is a token a guesser gets a few tries at. Unsubscribing has no limit: its
  // token is an HMAC nobody can guess, and a mail provider's one-click comes from a few addresses for all its users.
  subscribeToStatusPage: { scope: 'ip_status_subscribe', limit: 20, windowSeconds: 60 * 60 },
  subscribeToStatusPageForm: { scope: 'ip_status_subscribe', limit: 20, windowSeconds: 60 * 60 },
  confirmSubscription: { scope: 'ip_status_confirm', limit: 30, windowSeconds: 15 * 60 },
  // Heartbeat pings: each push URL has its own limit (TOKEN_LIMITS below); this per-IP ceiling over
  // all four routes is only a backstop against a flood of made-up tokens, generous enough for a CI
  // runner or a NAT that hundreds of customers' jobs share (docs/checks.md "Heartbeat monitors").
  ...Object.fromEntries(HEARTBEAT_ROUTES.map((name) => [name, { scope: 'ip_heartbeat', limit: 6000, windowSeconds: 10 * 60 }])),
};

/**
 * Limits counted per secret in the path rather than per client IP (docs/checks.md "Heartbeat
 * monitors"): one runaway job stops on its own push URL while every other job behind the same
 * address keeps pinging. Counted by the secret's SHA-256 (ip-limits.ts), never the secret itself.
 */
export const TOKEN_LIMITS: Partial<Record<RouteName, RateLimitRule>> = Object.fromEntries(
  HEARTBEAT_ROUTES.map((name) => [name, { scope: 'token_heartbeat', limit: 120, windowSeconds: 10 * 60 }]),
);
