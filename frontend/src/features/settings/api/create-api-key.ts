import { useSWRConfig } from 'swr';
import type { CreateApiKeyBody, CreatedApiKey } from '@shared/workspaces/api-keys.js';
import { callApi } from '@/lib/api-client';
import { API_KEYS_PATH } from './list-api-keys';

/** POST /api/api-keys: the new key, with its secret this one time. */
export const createApiKey = (body: CreateApiKeyBody): Promise<CreatedApiKey> => callApi('createApiKey', { body });

/** Creates a key, then refreshes the list. */
export const useCreateApiKey = () => {
  const { mutate } = useSWRConfig();
  return async (body: CreateApiKeyBody): Promise<CreatedApiKey> => {
    const key = await createApiKey(body);
    await mutate(API_KEYS_PATH);
    return key;
  };
};
