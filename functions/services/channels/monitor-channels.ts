import { AppError } from '../../../shared/errors.js';
import { listChannels } from '../../repositories/channel-repository.js';

/**
 * A monitor's `channel_ids` as the owner sent them (docs/alerts.md "Which channels a monitor
 * uses"): every id must be one of their channels (anyone else's is as unknown as a made-up one);
 * null stays null (the account's default channels).
 */
export const ownChannelIds = async (userId: string, channelIds: string[] | null): Promise<string[] | null> => {
  if (channelIds === null) return null;
  if (!channelIds.length) return [];
  const own = new Set((await listChannels(userId)).map((channel) => channel.id));
  const unknown = channelIds.filter((id) => !own.has(id));
  if (unknown.length) {
    const detail = `Unknown alert channel${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. Choose channels from Settings -> Notifications.`;
    throw new AppError('VALIDATION_FAILED', detail, [{ field: 'channel_ids', message: detail }]);
  }
  return channelIds;
};
