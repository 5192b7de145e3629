import { ENTITY, monitorKey, MONITOR_SK_PREFIX, userMonitorsPartition } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * Which alert channels a user's monitors send to (and which have alert rules of their own) (`channel_ids` on the monitor item, keys.ts 5-6;
 * absent: the account's default channels). Read whole for the channel list's counts and a
 * channel's deletion (a user has at most the enterprise cap of monitors), one for a fan-out.
 */
export interface MonitorChannelRef {
  monitorId: string;
  channelIds: string[] | null;
}

const idsOf = (value: unknown): string[] | null => (Array.isArray(value) ? value.map(String) : null);

export const listMonitorChannelRefs = async (userId: string): Promise<MonitorChannelRef[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'entity = :monitor',
    ProjectionExpression: 'id, channel_ids',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX, ':monitor': ENTITY.monitor },
  });
  return items.map((item) => ({ monitorId: String(item.id), channelIds: idsOf(item.channel_ids) }));
};

/** One monitor's channels: null for the defaults; undefined when the monitor is gone. */
export const getMonitorChannelIds = async (userId: string, monitorId: string): Promise<string[] | null | undefined> => {
  const { Item } = await table.get({ Key: monitorKey(userId, monitorId), ProjectionExpression: 'id, channel_ids', ConsistentRead: true });
  return Item ? idsOf(Item.channel_ids) : undefined;
};

/**
 * Replaces a monitor's channel list if it is still `expected` (an edit in between wins: the
 * caller reads again). False when it changed or the monitor is gone.
 */
export const replaceMonitorChannelIds = async (userId: string, monitorId: string, expected: string[], next: string[]): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: monitorKey(userId, monitorId),
      UpdateExpression: 'SET channel_ids = :next',
      ConditionExpression: 'channel_ids = :expected',
      ExpressionAttributeValues: { ':next': next, ':expected': expected },
    }),
  );

/** Which of a user's monitors have alert rules of their own (the others follow the account's). */
export const listMonitorRuleRefs = async (userId: string): Promise<{ monitorId: string; ownRules: boolean }[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'entity = :monitor',
    ProjectionExpression: 'id, alert_rules',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX, ':monitor': ENTITY.monitor },
  });
  return items.map((item) => ({ monitorId: String(item.id), ownRules: Boolean(item.alert_rules) }));
};
