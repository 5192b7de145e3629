import { unauthorized } from '../../shared/errors.js';
import { getUserProfile } from '../repositories/user-repository.js';
import { deactivatedSession, sessionExpired, sessionNoLongerValid, unverifiedSession } from '../services/auth/auth-errors.js';
import type { CallerContext } from '../services/context.js';
import { recordApplicationError } from '../services/operations/record-application-error.js';
import { authContextOf } from './auth-context.js';
import type { ApiEvent } from './responses.js';

/**
 * The one place a signed-in request is let in (docs/security.md, "Tokens"). API Gateway's JWT
 * authorizer (or the local gateway) has checked the signature, issuer, expiry and app client; here
 * the claims must be those of an access token, and the caller's profile, read once per request,
 * must exist (a deleted account's token is dead at once), have a verified address and be active
 * (a deactivated account's token is dead at once). Every refusal is 401, so the SPA drops the
 * session whatever the reason.
 */

/**
 * A password reset or change ends every session signed in before it at once, access tokens
 * included (API Gateway would accept them until they expire). `auth_time` is the sign-in the token
 * descends from (Cognito keeps it across refreshes), in whole seconds.
 */
const signedInBeforePasswordChange = (event: ApiEvent, passwordChangedAt: string | null | undefined): boolean => {
  if (!passwordChangedAt) return false;
  const authTime = Number(event.requestContext.authorizer?.jwt?.claims?.auth_time);
  const changedAt = Math.floor(Date.parse(passwordChangedAt) / 1000);
  return Number.isFinite(authTime) && Number.isFinite(changedAt) && authTime < changedAt;
};

/** A valid admin token of a deleted or deactivated account is an auth anomaly (docs/admin.md, error log). */
const recordRefusedAdmin = (userId: string, reason: 'inactive' | 'no_profile'): Promise<void> =>
  recordApplicationError({
    type: 'auth_error',
    message: reason === 'inactive' ? 'Admin token of a deactivated account refused' : 'Admin token of a deleted account refused',
    context: { reason },
    userId,
  });

export interface CallerRules {
  /** The route finishes an account erasure, so it lets in an account whose erasure has begun. */
  finishesErasure?: boolean;
}

export const resolveCaller = async (event: ApiEvent, opts: CallerRules = {}): Promise<CallerContext> => {
  const auth = authContextOf(event);
  if (!auth) throw unauthorized();
  const profile = await getUserProfile(auth.userId);
  if (auth.isAdmin && !profile?.is_active) await recordRefusedAdmin(auth.userId, profile ? 'inactive' : 'no_profile');
  if (!profile) throw sessionNoLongerValid();
  // An account being deleted is as good as gone: nothing may be added to it any more. Only the
  // erasure itself may be sent again, to finish what a failed attempt began.
  if (profile.deletion_started_at && !opts.finishesErasure) throw sessionNoLongerValid();
  if (!profile.email_verified) throw unverifiedSession();
  if (!profile.is_active) throw deactivatedSession();
  if (signedInBeforePasswordChange(event, profile.password_changed_at)) throw sessionExpired();
  return { ...auth, profile };
};
