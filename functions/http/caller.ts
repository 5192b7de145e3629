import { AppError, unauthorized } from '../../shared/errors.js';
import { routeOfKey, type Route, type RouteRole } from '../../shared/api/routes.js';
import { roleAllows, roleTooLowDetail, WORKSPACE_HEADER } from '../../shared/workspaces/roles.js';
import { readCallerAccess, type CallerAccessRead, type WorkspaceMember } from '../repositories/workspace-repository.js';
import { migrateAccount } from '../services/operations/migrate-workspaces.js';
import { deactivatedSession, sessionExpired, sessionNoLongerValid, unverifiedSession } from '../services/auth/auth-errors.js';
import type { CallerContext } from '../services/context.js';
import { TWO_FACTOR_TEXT } from '../../shared/auth/two-factor.js';
import { recordApplicationError } from '../services/operations/record-application-error.js';
import { resolveKeyCaller } from './api-key-caller.js';
import { authContextOf } from './auth-context.js';
import { clientIpOf } from './client-address.js';
import { requestHeader } from './request-header.js';
import type { ApiEvent } from './responses.js';

/**
 * The one place a signed-in request is let in (docs/security.md, "Tokens"). API Gateway's JWT
 * authorizer (or the local gateway) has checked the signature, issuer, expiry and app client; here
 * the claims must be those of an access token whose session is still open (docs/security.md
 * "Tokens and sessions"), and the caller's profile, read once per request, must exist (a deleted account's token is dead at once), have a verified address and be active
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

/** Workspace ids are Cognito subs (UUIDs); anything else names no workspace. */
const WORKSPACE_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * An account made before workspaces whose migration has not reached it yet (the moments between a
 * stage's deploy and its migration run, docs/teams.md "Migration") founds its own workspace on its
 * first request, with the migration's own idempotent writes, instead of being refused. Only the
 * caller's own workspace, and never while its erasure runs.
 */
const foundOwnWorkspaceOnFirstUse = async (read: CallerAccessRead, userId: string, workspaceId: string): Promise<WorkspaceMember | null> => {
  const { profile } = read;
  if (workspaceId !== userId || !profile || profile.deletion_started_at || read.workspace) return null;
  if ((await migrateAccount(profile, new Set())) === 'erasing') return null;
  return { workspace_id: userId, user_id: userId, role: 'owner', email: profile.email, name: profile.name, joined_at: profile.created_at };
};

export const workspaceNotFound = (): AppError =>
  new AppError('WORKSPACE_NOT_FOUND', 'This workspace was not found, or you are no longer a member of it.');

/**
 * The role the request's route needs (shared/api/routes.ts), found by API Gateway's route key. A
 * signed-in route always has one; an operator route acts in no workspace (its own check is the
 * admin group); a key the table does not know fails closed as `owner`.
 */
const requiredRoleOf = (route: Route | undefined): RouteRole => {
  if (route?.access === 'admin') return 'personal';
  return route?.role ?? 'owner';
};

/**
 * Lets a signed-in request in, in one place (docs/security.md "Tokens", docs/teams.md "Roles"): the
 * person's account must exist, be verified and active and not be erasing; the workspace the request
 * names (the `X-Workspace-Id` header, else the caller's own) must count them as a member, read
 * strongly consistent on every request, so a member removed a moment ago is refused at once; and
 * their role there must reach the route's. One BatchGetItem reads all of it. A route of access
 * `key` (the public API) is let in by its API key instead (api-key-caller.ts, docs/api.md
 * "Authentication").
 */
export const resolveCaller = async (event: ApiEvent, opts: CallerRules = {}): Promise<CallerContext> => {
  const route = routeOfKey(event.routeKey);
  if (route?.access === 'key') return resolveKeyCaller(event, route);
  const auth = authContextOf(event);
  if (!auth) throw unauthorized();
  const required = requiredRoleOf(route);
  const named = required === 'personal' ? undefined : requestHeader(event, WORKSPACE_HEADER)?.trim();
  const workspaceId = named || auth.userId;
  if (!WORKSPACE_ID.test(workspaceId)) throw workspaceNotFound();
  const read = await readCallerAccess(auth.userId, workspaceId, auth.tokenId);
  const { profile, account } = read;
  if (auth.isAdmin && !profile?.is_active) await recordRefusedAdmin(auth.userId, profile ? 'inactive' : 'no_profile');
  if (!profile) throw sessionNoLongerValid();
  // An account being deleted is as good as gone: nothing may be added to it any more. Only the
  // erasure itself may be sent again, to finish what a failed attempt began.
  if (profile.deletion_started_at && !opts.finishesErasure) throw sessionNoLongerValid();
  if (!profile.email_verified) throw unverifiedSession();
  if (!profile.is_active) throw deactivatedSession();
  if (signedInBeforePasswordChange(event, profile.password_changed_at)) throw sessionExpired();
  // The token must belong to a session that has not been signed out (docs/security.md "Tokens and
  // sessions"): its row is in the same read, so a session ended a moment ago is refused here.
  if (!read.sessionId) throw sessionNoLongerValid();
  const sessionId = read.sessionId;
  // Operators must use two-factor sign-in (docs/security.md "Two-factor sign-in"): an admin route
  // lets in only a token whose session row records the second step (the admin sign-in with a code,
  // or the set-up confirmed from that session). A token from the user sign-in, a refresh or straight
  // from Cognito has no such flag, whatever the groups it carries.
  if (route?.access === 'admin' && !read.secondFactorPassed) {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_TEXT.setupRequiredForOperators);
  }
  // Only a caller let in so far may found their workspace: a refused request writes nothing.
  const member = read.member ?? (await foundOwnWorkspaceOnFirstUse(read, auth.userId, workspaceId));
  if (required === 'personal') {
    return { ...auth, profile, workspaceId: auth.userId, role: member?.role ?? 'owner', account: profile, sessionId, clientIp: clientIpOf(event) };
  }
  // The workspace's account must be live too: a workspace whose founder is erasing is closing.
  if (!member || !account || account.deletion_started_at) throw workspaceNotFound();
  if (!roleAllows(member.role, required)) throw new AppError('ROLE_NOT_ALLOWED', roleTooLowDetail(member.role, required));
  return {
    ...auth,
    profile,
    workspaceId,
    role: member.role,
    account: workspaceId === auth.userId ? profile : account,
    sessionId,
    clientIp: clientIpOf(event),
  };
};
