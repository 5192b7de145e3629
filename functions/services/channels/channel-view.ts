import { channelTypeDefinition } from '../../../shared/alerts/channels/index.js';
import type { ChannelView } from '../../../shared/alerts/schemas.js';
import type { StoredChannel } from '../../repositories/channel-repository.js';
import type { MonitorChannelRef } from '../../repositories/monitor-channel-repository.js';

/**
 * A channel as the API shows it: secret fields masked by the type's own `mask` — from the value at
 * hand (a create or an edit), else the mask stored beside the sealed value (lists never open
 * secrets). Never the secret itself.
 */
export const channelView = (channel: StoredChannel, monitorCount: number, opened?: Record<string, string>): ChannelView => {
  const definition = channelTypeDefinition(channel.type);
  const config = opened ? definition.mask(opened) : channel.config;
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    config,
    is_default: channel.isDefault,
    status: channel.status,
    paused_reason: channel.status === 'paused' ? (channel.pausedReason ?? 'owner') : null,
    consecutive_failures: channel.consecutiveFailures,
    monitor_count: monitorCount,
    created_at: channel.createdAt,
    last_delivery_at: channel.lastDeliveryAt,
  };
};

/** How many monitors send to a channel: those that name it, and for a default channel those on the defaults. */
export const monitorsUsing = (channel: Pick<StoredChannel, 'id' | 'isDefault'>, refs: readonly MonitorChannelRef[]): number =>
  refs.filter((ref) => (ref.channelIds === null ? channel.isDefault : ref.channelIds.includes(channel.id))).length;
