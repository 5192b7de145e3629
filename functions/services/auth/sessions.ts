import { ulid } from 'ulid';
import { deviceName } from '../../../shared/auth/device-name.js';
import { OPERATOR_SESSION_HOURS, type SessionListResponse, type SignedOutResponse } from '../../../shared/auth/sessions.js';
import { AppError } from '../../../shared/errors.js';
import { revokeSessionQuietly, signOutEverywhere, type SessionTokens } from '../../repositories/identity-session-repository.js';
import {
  createSession,
  deleteSession,
  findSessionByRefresh,
  listSessions,
  renewSession,
  type SessionRecord,
} from '../../repositories/session-repository.js';
import { auditAdminAction } from '../admin/audit.js';
import type { CallerContext } from '../context.js';
import { readAccessToken, type AccessTokenFacts } from './access-token.js';
import { hashToken } from './one-time-token.js';

/**
 * Sign-in sessions (docs/security.md "Tokens and sessions"). Every place that hands out tokens opens
 * a session with them; the caller check refuses an access token its session no longer holds, and
 * the refresh route renews only a session that is still open, so signing a session out ends its
 * refresh token at once and its access token at its next request, on AWS and locally alike.
 */

/** How long a session can be renewed: Cognito's refresh-token validity for the app client (its default). */
export const SESSION_DAYS = 30;

const DAY_SECONDS = 24 * 3600;

/**
 * Opens the session of tokens just handed out (sign-in, a password change's new session) and returns
 * its id. An operator's sign-in (the token carries the admin group) is written to the operators'
 * audit log as well (docs/admin.md "Audit log").
 */
export const openSession = async ({
  tokens,
  clientIp,
  userAgent,
  secondFactorPassed = false,
  at = new Date(),
}: {
  tokens: SessionTokens;
  clientIp: string;
  userAgent: string | undefined;
  /** An operator's sign-in that passed the second step: admin routes let its token in (caller.ts). */
  secondFactorPassed?: boolean;
  at?: Date;
}): Promise<string> => {
  const token = readAccessToken(tokens.accessToken);
  const sessionId = ulid(at.getTime());
  const device = deviceName(userAgent);
  await createSession(
    {
      userId: token.sub,
      sessionId,
      device,
      ip: clientIp,
      signedInAt: at.toISOString(),
      lastSeenAt: at.toISOString(),
      operator: token.isAdmin,
      refreshSha256: tokens.refreshToken ? hashToken(tokens.refreshToken) : null,
      expiresAt: Math.floor(at.getTime() / 1000) + (token.isAdmin ? OPERATOR_SESSION_HOURS * 3600 : SESSION_DAYS * DAY_SECONDS),
    },
    { id: token.tokenId, expiresAt: token.expiresAt, secondFactorPassed },
  );
  if (token.isAdmin) {
    await auditAdminAction(
      { userId: token.sub, isAdmin: true },
      { action: 'operator.sign_in', targetUserId: token.sub, before: null, after: { session_id: sessionId, device, ip: clientIp } },
    );
  }
  return sessionId;
};

const operatorSessionOver = (session: SessionRecord, token: AccessTokenFacts, at: Date): boolean =>
  (session.operator || token.isAdmin) && at.getTime() - Date.parse(session.signedInAt) > OPERATOR_SESSION_HOURS * 3600 * 1000;

/**
 * Admits a refreshed access token into the session its refresh token opened: false when that
 * session was signed out (or never opened here, such as a token from before sessions existed), or
 * is an operator's past its short lifetime (then it is ended). The refresh route refuses on false.
 */
export const renewSessionOf = async (refreshToken: string, accessToken: string, at = new Date()): Promise<boolean> => {
  const token = readAccessToken(accessToken);
  const session = await findSessionByRefresh(token.sub, hashToken(refreshToken));
  if (!session) return false;
  if (operatorSessionOver(session, token, at)) {
    await deleteSession(session.userId, session.sessionId);
    await revokeSessionQuietly(refreshToken);
    return false;
  }
  return renewSession(session, { id: token.tokenId, expiresAt: token.expiresAt }, at);
};

/** GET /api/auth/sessions: the caller's open sessions, the one making the request marked. */
export const listMySessions = async (ctx: CallerContext, at = new Date()): Promise<SessionListResponse> => ({
  sessions: (await listSessions(ctx.userId, at)).map((session) => ({
    id: session.sessionId,
    device: session.device,
    ip: session.ip,
    signed_in_at: session.signedInAt,
    last_seen_at: session.lastSeenAt,
    current: session.sessionId === ctx.sessionId,
  })),
});

const sessionNotFound = (): AppError => new AppError('NOT_FOUND', 'This session was not found. It may have been signed out already.');

/** DELETE /api/auth/sessions/{id}: signs one of the caller's sessions out; another person's id is 404. */
export const signOutSession = async (ctx: CallerContext, sessionId: string): Promise<SignedOutResponse> => {
  if (!(await deleteSession(ctx.userId, sessionId))) throw sessionNotFound();
  return { signed_out: 1 };
};

/**
 * Ends every session of a person: their rows here, and on AWS every refresh token at Cognito too
 * (AdminUserGlobalSignOut; cognito-local has no such call, and our rows are the gate there).
 */
export const endAllSessions = async (userId: string, at = new Date()): Promise<number> => {
  const sessions = await listSessions(userId, at);
  let ended = 0;
  for (const session of sessions) if (await deleteSession(userId, session.sessionId)) ended += 1;
  await signOutEverywhere(userId);
  return ended;
};

/** POST /api/auth/sign-out-everywhere: this device included. */
export const signOutAllSessions = async (ctx: CallerContext): Promise<SignedOutResponse> => ({ signed_out: await endAllSessions(ctx.userId) });

/**
 * POST /api/auth/logout: ends the session the request is made with, and revokes its refresh token at
 * Cognito when the body carries it (RevokeToken: cognito-local implements it too).
 */
export const logOut = async (ctx: CallerContext, refreshToken: string | undefined): Promise<SignedOutResponse> => {
  const ended = ctx.sessionId ? await deleteSession(ctx.userId, ctx.sessionId) : false;
  if (refreshToken) await revokeSessionQuietly(refreshToken);
  return { signed_out: ended ? 1 : 0 };
};
