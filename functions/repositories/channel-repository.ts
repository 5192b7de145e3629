import type { ChannelType } from '../../shared/alerts/channels/index.js';
import type { ChannelStatus } from '../../shared/alerts/schemas.js';
import type { TierId } from '../../shared/tiers.js';
import { CHANNEL_PREFIX, channelKey, ENTITY, userKey } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { resultIfAllowed, transactIfAllowed, writeIfAllowed } from './table.js';

/**
 * A user's alert channels (keys.ts 40), one item each in their partition. Secret config fields
 * (a Slack webhook URL, a bot token, a routing key) and a webhook's signing secrets are stored
 * sealed (functions/secrets/envelope.ts, bound to the channel); the services open them only to
 * send. How many a user has is `channel_count` on the profile, kept under the plan's cap by the
 * create's transaction (the same way as `monitor_count`).
 */
export interface SealedSigningSecret {
  sealed: string;
  created_at: string;
  /** Null for the current secret; a rotated-out one signs until then (24 hours). */
  retires_at: string | null;
}

export interface StoredChannel {
  id: string;
  userId: string;
  type: ChannelType;
  name: string;
  /** Plain config fields (the secret ones are in `sealedConfig`). */
  config: Record<string, string>;
  /** Secret config fields, each sealed. */
  sealedConfig: Record<string, string>;
  isDefault: boolean;
  status: ChannelStatus;
  pausedReason: 'failures' | 'owner' | null;
  consecutiveFailures: number;
  signingSecrets: SealedSigningSecret[];
  createdAt: string;
  lastDeliveryAt: string | null;
}

const toChannel = (item: Record<string, unknown>): StoredChannel => ({
  id: String(item.id),
  userId: String(item.user_id),
  type: item.type as ChannelType,
  name: String(item.name),
  config: (item.config as Record<string, string> | undefined) ?? {},
  sealedConfig: (item.sealed_config as Record<string, string> | undefined) ?? {},
  isDefault: item.is_default === true,
  status: (item.status as ChannelStatus | undefined) ?? 'active',
  pausedReason: (item.paused_reason as StoredChannel['pausedReason'] | undefined) ?? null,
  consecutiveFailures: Number(item.consecutive_failures ?? 0),
  signingSecrets: (item.signing_secrets as SealedSigningSecret[] | undefined) ?? [],
  createdAt: String(item.created_at),
  lastDeliveryAt: typeof item.last_delivery_at === 'string' ? item.last_delivery_at : null,
});

export const listChannels = async (userId: string): Promise<StoredChannel[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': CHANNEL_PREFIX },
    ConsistentRead: true,
  });
  return items.map(toChannel);
};

export const getChannel = async (userId: string, channelId: string): Promise<StoredChannel | null> => {
  const { Item } = await table.get({ Key: channelKey(userId, channelId), ConsistentRead: true });
  return Item ? toChannel(Item) : null;
};

/**
 * Adds a channel while the user has fewer than `cap` on `tier` (the profile's `channel_count`):
 * 'limit_reached' otherwise, 'account_gone' when the account is being erased.
 */
export const createChannel = async (
  channel: StoredChannel,
  opts: { cap: number; tier: TierId },
): Promise<'created' | 'limit_reached' | 'account_gone'> => {
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: userKey(channel.userId),
          UpdateExpression: 'SET channel_count = if_not_exists(channel_count, :zero) + :one',
          ConditionExpression:
            'attribute_exists(PK) AND attribute_not_exists(deletion_started_at) AND (attribute_not_exists(channel_count) OR channel_count < :cap)',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': opts.cap },
        },
      },
      {
        Put: {
          Item: {
            ...channelKey(channel.userId, channel.id),
            entity: ENTITY.channel,
            id: channel.id,
            user_id: channel.userId,
            type: channel.type,
            name: channel.name,
            config: channel.config,
            sealed_config: channel.sealedConfig,
            is_default: channel.isDefault,
            status: channel.status,
            consecutive_failures: 0,
            signing_secrets: channel.signingSecrets,
            created_at: channel.createdAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
    { 0: 'refused' as const },
  );
  if (refused === null) return 'created';
  const { Item } = await table.get({ Key: userKey(channel.userId), ProjectionExpression: 'deletion_started_at' });
  return !Item || Item.deletion_started_at ? 'account_gone' : 'limit_reached';
};

/** The fields an edit may change; the item must exist. Answers the channel as it now is, or null when it is gone. */
export const updateChannel = async (
  userId: string,
  channelId: string,
  changes: Partial<Pick<StoredChannel, 'name' | 'config' | 'sealedConfig' | 'isDefault' | 'status' | 'pausedReason' | 'signingSecrets'>> & {
    resetFailures?: boolean;
  },
  now: Date,
): Promise<StoredChannel | null> => {
  const sets = ['updated_at = :now'];
  const values: Record<string, unknown> = { ':now': now.toISOString() };
  // Every attribute through a name placeholder: `name` and `status` are reserved words.
  const names: Record<string, string> = {};
  const put = (attribute: string, value: unknown) => {
    sets.push(`#${attribute} = :${attribute}`);
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
  };
  if (changes.name !== undefined) put('name', changes.name);
  if (changes.config !== undefined) put('config', changes.config);
  if (changes.sealedConfig !== undefined) put('sealed_config', changes.sealedConfig);
  if (changes.isDefault !== undefined) put('is_default', changes.isDefault);
  if (changes.status !== undefined) put('status', changes.status);
  if (changes.pausedReason !== undefined) put('paused_reason', changes.pausedReason);
  if (changes.signingSecrets !== undefined) put('signing_secrets', changes.signingSecrets);
  if (changes.resetFailures) put('consecutive_failures', 0);
  const updated = await resultIfAllowed(
    table.update({
      Key: channelKey(userId, channelId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return updated?.Attributes ? toChannel(updated.Attributes) : null;
};

/** Deletes a channel and counts it off the profile; false when it was not there. */
export const deleteChannel = async (userId: string, channelId: string): Promise<boolean> => {
  const refused = await transactIfAllowed(
    [
      { Delete: { Key: channelKey(userId, channelId), ConditionExpression: 'attribute_exists(PK)' } },
      {
        Update: {
          Key: userKey(userId),
          UpdateExpression: 'SET channel_count = channel_count - :one',
          ConditionExpression: 'channel_count > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ],
    { 0: 'gone' as const },
  );
  return refused === null;
};

/**
 * A delivery went out: the run of failures is over. Only written when it changes something, so a
 * busy channel does not rewrite its item on every message.
 */
export const recordChannelSuccess = async (channel: StoredChannel, now: Date): Promise<void> => {
  await writeIfAllowed(
    table.update({
      Key: channelKey(channel.userId, channel.id),
      UpdateExpression: 'SET consecutive_failures = :zero, last_delivery_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':zero': 0, ':now': now.toISOString() },
    }),
  );
};

/**
 * A delivery failed for good: one more failure in a row. When that makes `pauseAfter`, the channel
 * is paused (once: the condition is on its status), and the answer says so, so that exactly one
 * caller mails the owner.
 */
export const recordChannelFailure = async (
  channel: StoredChannel,
  opts: { now: Date; pauseAfter: number },
): Promise<{ failures: number; paused: boolean }> => {
  const counted = await resultIfAllowed(
    table.update({
      Key: channelKey(channel.userId, channel.id),
      UpdateExpression: 'ADD consecutive_failures :one SET last_failure_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1, ':now': opts.now.toISOString() },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  // Deleted meanwhile: nothing to count or pause.
  if (!counted) return { failures: channel.consecutiveFailures, paused: false };
  const failures = Number(counted.Attributes?.consecutive_failures ?? channel.consecutiveFailures + 1);
  if (failures < opts.pauseAfter) return { failures, paused: false };
  const paused = await writeIfAllowed(
    table.update({
      Key: channelKey(channel.userId, channel.id),
      UpdateExpression: 'SET #status = :paused, paused_reason = :failures, paused_at = :now',
      ConditionExpression: '#status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':paused': 'paused', ':failures': 'failures', ':active': 'active', ':now': opts.now.toISOString() },
    }),
  );
  return { failures, paused };
};
