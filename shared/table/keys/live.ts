import type { ItemKey } from '../keys.js';

/**
 * Keys of a user's open live-status connections (pattern 49; docs/live-status.md "Pushes"). In the
 * owner's partition, so a publisher finds every screen of one user with one Query, and erasing an
 * account erases its connections with it.
 */
export const LIVE_CONNECTION_PREFIX = 'LIVE#';

/** One open WebSocket connection of a user (TTL: API Gateway's longest connection). */
export const liveConnectionKey = (userId: string, connectionId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${LIVE_CONNECTION_PREFIX}${connectionId}`,
});
