import { useSWRConfig } from 'swr';
import type { CreatedChannel } from '@shared/alerts/schemas.js';
import type { CreateChannelBody } from '@shared/api/contract.js';
import { callApi } from '@/lib/api-client';
import { CHANNELS_PATH } from '@/lib/channels';
import { NOTIFICATION_PREFERENCES_PATH } from './get-notification-preferences';

/** POST /api/channels: the new channel; a webhook's answer carries its signing secret, this once. */
export const createChannel = (body: CreateChannelBody): Promise<CreatedChannel> => callApi('createChannel', { body });

/**
 * Adds a channel, then refreshes the list (and with it the plan's usage) and the switches: the
 * server turns the SMS or Slack switch on with the first channel of its type.
 */
export const useCreateChannel = () => {
  const { mutate } = useSWRConfig();
  return async (body: CreateChannelBody): Promise<CreatedChannel> => {
    const channel = await createChannel(body);
    await Promise.all([mutate(CHANNELS_PATH), mutate(NOTIFICATION_PREFERENCES_PATH)]);
    return channel;
  };
};
