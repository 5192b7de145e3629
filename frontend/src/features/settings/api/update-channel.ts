import { useSWRConfig } from 'swr';
import type { z } from 'zod';
import type { ChannelView, UpdateChannelInput } from '@shared/alerts/schemas.js';
import { callApi } from '@/lib/api-client';
import { CHANNELS_PATH } from '@/lib/channels';

type ChannelChanges = z.input<typeof UpdateChannelInput>;

/** PUT /api/channels/{id}: any of name, config, is_default, paused (false resumes it). */
export const updateChannel = (id: string, body: ChannelChanges): Promise<ChannelView> =>
  callApi('updateChannel', { params: { id }, body });

/** Saves a channel's changes, then refreshes the list. */
export const useUpdateChannel = () => {
  const { mutate } = useSWRConfig();
  return async (id: string, body: ChannelChanges): Promise<ChannelView> => {
    const channel = await updateChannel(id, body);
    await mutate(CHANNELS_PATH);
    return channel;
  };
};
