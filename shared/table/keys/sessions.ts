import type { ItemKey } from '../keys.js';

/**
 * Keys of a person's sign-in sessions (patterns 76-78; docs/security.md "Tokens and sessions"). All
 * three live in the person's partition, so erasing the account erases its sessions with it, and
 * the caller check reads the access token's row in the BatchGet it makes anyway.
 */
export const SESSION_PREFIX = 'SESSION#';
export const SESSION_TOKEN_PREFIX = 'SESSION_TOKEN#';
export const SESSION_REFRESH_PREFIX = 'SESSION_REFRESH#';

/** One session: device, IP, signed in, last seen, and which tokens it holds (pattern 76). */
export const sessionKey = (userId: string, sessionId: string): ItemKey => ({ PK: `USER#${userId}`, SK: `${SESSION_PREFIX}${sessionId}` });

/**
 * An access token a session holds, by the token's `jti` (pattern 77; TTL the token's expiry). A
 * token without this row is refused, so deleting it ends the token at its next request.
 */
export const sessionTokenKey = (userId: string, tokenId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${SESSION_TOKEN_PREFIX}${tokenId}`,
});

/** A session by the SHA-256 of its refresh token (pattern 78): the refresh route's gate. */
export const sessionRefreshKey = (userId: string, refreshSha256: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${SESSION_REFRESH_PREFIX}${refreshSha256}`,
});
