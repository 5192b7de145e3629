import { LIVE_CONNECTION_TTL_SECONDS } from '../../shared/live/messages.js';
import { ENTITY, LIVE_CONNECTION_PREFIX, liveConnectionKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';

/**
 * A user's open live-status connections (keys.ts 49; docs/live-status.md "Pushes"): written on
 * `$connect`, deleted on `$disconnect` or when a post answers 410 Gone, and expired by TTL after
 * API Gateway's longest connection in case neither came.
 */
export const saveLiveConnection = async (userId: string, connectionId: string, now: Date): Promise<void> => {
  await table.put({
    Item: {
      ...liveConnectionKey(userId, connectionId),
      entity: ENTITY.liveConnection,
      connection_id: connectionId,
      connected_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + LIVE_CONNECTION_TTL_SECONDS,
    },
  });
};

export const deleteLiveConnection = async (userId: string, connectionId: string): Promise<void> => {
  await table.delete({ Key: liveConnectionKey(userId, connectionId) });
};

/**
 * The ids of a user's open connections. Rows past their TTL that DynamoDB has not removed yet are
 * left out, as are rows that outlived their connection (a post to them answers 410 and deletes them).
 */
export const listLiveConnections = async (userId: string, now: Date): Promise<string[]> => {
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'expires_at > :now',
    ExpressionAttributeValues: {
      ':pk': liveConnectionKey(userId, '').PK,
      ':prefix': LIVE_CONNECTION_PREFIX,
      ':now': Math.floor(now.getTime() / 1000),
    },
    ProjectionExpression: 'connection_id',
  });
  return Items.map((item) => String(item.connection_id));
};
