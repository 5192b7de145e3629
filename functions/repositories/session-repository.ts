import { ENTITY, liveConnectionKey, SESSION_PREFIX, sessionKey, sessionRefreshKey, sessionTokenKey } from '../../shared/table/keys.js';
import type { TableItem } from './query-all.js';
import { queryAll } from './query-all.js';
import { transactIfAllowed, writeIfAllowed, type TableTransactItem } from './table.js';
import * as table from './table-commands.js';

/**
 * A person's sign-in sessions (keys.ts 76-78; docs/security.md "Tokens and sessions"). A session
 * holds the access tokens issued to it (one row each, by `jti`, which the caller check reads) and
 * its refresh token's hash (the refresh route's gate). Ending a session deletes all three kinds of
 * row in one transaction, conditioned on the session's `version`, which every renewal bumps, so a
 * token issued while the session was being ended is deleted too or the ending is tried again.
 */

export interface SessionRecord {
  userId: string;
  sessionId: string;
  device: string;
  ip: string;
  signedInAt: string;
  lastSeenAt: string;
  /** Opened by a member of the admin group: renewed only for a short while (OPERATOR_SESSION_HOURS). */
  operator: boolean;
  refreshSha256: string | null;
  /** Access tokens it holds: `jti` -> expiry (epoch seconds). */
  tokenIds: Record<string, number>;
  /** Live-status connections opened with its tokens: connection id -> the workspace whose row holds it. */
  liveConnections: Record<string, string>;
  version: number;
  /** Epoch seconds: when the refresh token ends, and the rows with it (TTL). */
  expiresAt: number;
}

/** An access token the session is handed: its `jti` and expiry (epoch seconds). */
export interface IssuedToken {
  id: string;
  expiresAt: number;
  /** An operator's token that passed the second step (docs/security.md "Two-factor sign-in"). */
  secondFactorPassed?: boolean;
}

const toRecord = (item: TableItem): SessionRecord => ({
  userId: String(item.user_id),
  sessionId: String(item.session_id),
  device: String(item.device),
  ip: String(item.ip),
  signedInAt: String(item.signed_in_at),
  lastSeenAt: String(item.last_seen_at),
  operator: item.operator === true,
  refreshSha256: typeof item.refresh_sha256 === 'string' ? item.refresh_sha256 : null,
  tokenIds: (item.token_ids as Record<string, number> | undefined) ?? {},
  liveConnections: (item.live_connections as Record<string, string> | undefined) ?? {},
  version: Number(item.version ?? 0),
  expiresAt: Number(item.expires_at),
});

const tokenRow = (userId: string, sessionId: string, token: IssuedToken): TableTransactItem => ({
  Put: {
    Item: {
      ...sessionTokenKey(userId, token.id),
      entity: ENTITY.sessionToken,
      session_id: sessionId,
      expires_at: token.expiresAt,
      ...(token.secondFactorPassed ? { second_factor_passed: true } : {}),
    },
  },
});

/**
 * Records on an open session's access token that it passed the second step (an operator confirming
 * two-factor set-up from that session; docs/security.md "Two-factor sign-in"). False when the
 * token's session was ended meanwhile: nothing is written for a dead token.
 */
export const markTokenPassedSecondFactor = (userId: string, tokenId: string): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: sessionTokenKey(userId, tokenId),
      UpdateExpression: 'SET second_factor_passed = :yes',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':yes': true },
    }),
  );

/** Writes a new session with its first access token and, when it has one, its refresh token's hash. */
export const createSession = async (session: Omit<SessionRecord, 'tokenIds' | 'liveConnections' | 'version'>, token: IssuedToken): Promise<void> => {
  const { userId, sessionId } = session;
  const items: TableTransactItem[] = [
    {
      Put: {
        Item: {
          ...sessionKey(userId, sessionId),
          entity: ENTITY.session,
          user_id: userId,
          session_id: sessionId,
          device: session.device,
          ip: session.ip,
          signed_in_at: session.signedInAt,
          last_seen_at: session.lastSeenAt,
          operator: session.operator,
          ...(session.refreshSha256 ? { refresh_sha256: session.refreshSha256 } : {}),
          token_ids: { [token.id]: token.expiresAt },
          live_connections: {},
          version: 0,
          expires_at: session.expiresAt,
        },
      },
    },
    tokenRow(userId, sessionId, token),
  ];
  if (session.refreshSha256) {
    items.push({
      Put: {
        Item: {
          ...sessionRefreshKey(userId, session.refreshSha256),
          entity: ENTITY.sessionRefresh,
          session_id: sessionId,
          expires_at: session.expiresAt,
        },
      },
    });
  }
  await table.transact(items);
};

export const getSession = async (userId: string, sessionId: string): Promise<SessionRecord | null> => {
  const { Item } = await table.get({ Key: sessionKey(userId, sessionId), ConsistentRead: true });
  return Item ? toRecord(Item) : null;
};

/** The session a refresh token belongs to, or null when it was ended (or never opened here). */
export const findSessionByRefresh = async (userId: string, refreshSha256: string): Promise<SessionRecord | null> => {
  const { Item } = await table.get({ Key: sessionRefreshKey(userId, refreshSha256), ConsistentRead: true });
  if (!Item) return null;
  return getSession(userId, String(Item.session_id));
};

/**
 * Adds a renewed access token to a session and marks it seen; tokens already expired leave its list.
 * False when the session was ended meanwhile: then no token row is written.
 */
export const renewSession = async (session: SessionRecord, token: IssuedToken, at: Date): Promise<boolean> => {
  const nowSeconds = Math.floor(at.getTime() / 1000);
  const expired = Object.entries(session.tokenIds)
    .filter(([, expiresAt]) => expiresAt <= nowSeconds)
    .map(([id]) => id);
  const names: Record<string, string> = { '#tokens': 'token_ids', '#new': token.id };
  expired.forEach((id, i) => (names[`#old${i}`] = id));
  const remove = expired.length ? ` REMOVE ${expired.map((_id, i) => `#tokens.#old${i}`).join(', ')}` : '';
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: sessionKey(session.userId, session.sessionId),
          UpdateExpression: `SET #tokens.#new = :expires, last_seen_at = :at, version = version + :one${remove}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':expires': token.expiresAt, ':at': at.toISOString(), ':one': 1 },
        },
      },
      tokenRow(session.userId, session.sessionId, token),
    ],
    { 0: 'ended' as const },
  );
  return refused === null;
};

/** A person's sessions whose refresh token has not ended, oldest first. */
export const listSessions = async (userId: string, at: Date): Promise<SessionRecord[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': SESSION_PREFIX },
    ConsistentRead: true,
  });
  const nowSeconds = Math.floor(at.getTime() / 1000);
  return items
    .map(toRecord)
    .filter((session) => session.expiresAt > nowSeconds)
    .sort((a, b) => a.signedInAt.localeCompare(b.signedInAt));
};

/**
 * Notes a live-status connection on its session (the row the `$connect` wrote, under the watched
 * workspace), bumping the version so an ending in flight is retried with it. False when the session
 * is gone.
 */
export const attachLiveConnection = (userId: string, sessionId: string, workspaceId: string, connectionId: string): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: sessionKey(userId, sessionId),
      UpdateExpression: 'SET #live.#connection = :workspace, version = version + :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#live': 'live_connections', '#connection': connectionId },
      ExpressionAttributeValues: { ':workspace': workspaceId, ':one': 1 },
    }),
  );

const ATTEMPTS = 5;

/**
 * Ends a session: its rows, its refresh token's gate and every access token it holds, in one
 * transaction. False when there was no such session.
 */
export const deleteSession = async (userId: string, sessionId: string): Promise<boolean> => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const session = await getSession(userId, sessionId);
    if (!session) return false;
    const refused = await transactIfAllowed(
      [
        {
          Delete: {
            Key: sessionKey(userId, sessionId),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': session.version },
          },
        },
        ...Object.keys(session.tokenIds).map((id): TableTransactItem => ({ Delete: { Key: sessionTokenKey(userId, id) } })),
        ...(session.refreshSha256 ? [{ Delete: { Key: sessionRefreshKey(userId, session.refreshSha256) } }] : []),
        ...Object.entries(session.liveConnections).map(
          ([connectionId, workspaceId]): TableTransactItem => ({ Delete: { Key: liveConnectionKey(workspaceId, connectionId) } }),
        ),
      ],
      { 0: 'renewed meanwhile' as const },
    );
    if (refused === null) return true;
  }
  throw new Error(`Session ${sessionId} kept changing while it was being ended`);
};
