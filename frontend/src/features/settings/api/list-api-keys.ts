import useSWR from 'swr';
import type { ApiKeyList } from '@shared/workspaces/api-keys.js';
import { apiPath, callApi } from '@/lib/api-client';

export const API_KEYS_PATH = apiPath('listApiKeys');

/** GET /api/api-keys: the workspace's keys (never their secrets) and whether its plan includes them. */
export const listApiKeys = (): Promise<ApiKeyList> => callApi('listApiKeys');

export const useApiKeys = () => useSWR<ApiKeyList, Error>(API_KEYS_PATH, listApiKeys);
