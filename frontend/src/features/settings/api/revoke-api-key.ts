import { useSWRConfig } from 'swr';
import type { RevokedApiKey } from '@shared/workspaces/api-keys.js';
import { callApi } from '@/lib/api-client';
import { API_KEYS_PATH } from './list-api-keys';

/** DELETE /api/api-keys/{id}: the key stops working at once. */
export const revokeApiKey = (id: string): Promise<RevokedApiKey> => callApi('revokeApiKey', { params: { id } });

/** Revokes a key, then refreshes the list. */
export const useRevokeApiKey = () => {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await revokeApiKey(id);
    await mutate(API_KEYS_PATH);
  };
};
