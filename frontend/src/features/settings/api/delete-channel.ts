import { useSWRConfig } from 'swr';
import type { DeletedChannel } from '@shared/alerts/schemas.js';
import { callApi } from '@/lib/api-client';
import { CHANNELS_PATH } from '@/lib/channels';

/** DELETE /api/channels/{id}: the channel goes, and off every monitor that sent to it; the answer says how many. */
export const deleteChannel = (id: string): Promise<DeletedChannel> => callApi('deleteChannel', { params: { id } });

/** Deletes a channel, then refreshes the list. */
export const useDeleteChannel = () => {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<DeletedChannel> => {
    const result = await deleteChannel(id);
    await mutate(CHANNELS_PATH);
    return result;
  };
};
